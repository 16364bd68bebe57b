import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../lib/contract/uploads';
import { addPhotos, thumbSize } from './return-photos';

const file = (name: string, type = 'image/jpeg', size = 2_000_000) => ({ name, type, size });

describe('the photos a buyer attaches to a return request', () => {
  it('takes up to three photos, in the order picked, and says how many were left out', () => {
    const first = addPhotos([], [file('a.jpg'), file('b.png', 'image/png')]);
    expect(first).toEqual({ photos: [file('a.jpg'), file('b.png', 'image/png')], error: null });
    const more = addPhotos(first.photos, [file('c.webp', 'image/webp'), file('d.jpg'), file('e.jpg')]);
    expect(more.photos.map((f) => f.name)).toEqual(['a.jpg', 'b.png', 'c.webp']);
    expect(more.error).toBe('At most 3 photos: 2 were left out.');
    expect(addPhotos(more.photos, [file('f.jpg')]).error).toBe('At most 3 photos: one was left out.');
    // A request that has two already takes one more.
    expect(addPhotos([], [file('g.jpg'), file('h.jpg')], 1)).toEqual({
      photos: [file('g.jpg')],
      error: 'Only 1 more photo: one was left out.',
    });
  });

  it('leaves out, by name, a file that is not a photo the shop takes or is over 10 MB', () => {
    const out = addPhotos(
      [],
      [
        file('scan.pdf', 'application/pdf'),
        file('big.jpg', 'image/jpeg', MAX_UPLOAD_BYTES + 1),
        file('ok.avif', 'image/avif'),
      ],
    );
    expect(out.photos.map((f) => f.name)).toEqual(['ok.avif']);
    expect(out.error).toBe('scan.pdf is not a JPEG, PNG, WebP or AVIF photo. big.jpg is larger than 10 MB.');
    expect(addPhotos([], [file('IMG_1.HEIC', 'image/heic')]).photos).toEqual([]);
  });

  it('a thumbnail is 320 pixels wide, or the photo’s own width when narrower', () => {
    expect(thumbSize({ width: 1600, height: 800 })).toEqual({ width: 320, height: 160 });
    expect(thumbSize({ width: 300, height: 200 })).toEqual({ width: 300, height: 200 });
  });
});
