import type { PhotoSizes } from '../../uploads/process';

/*
 * The sizes a return request's private photos are kept at (decision 043), for the writer
 * (./photos.ts) and the reader of the request (./read.ts) alike.
 */

/** A thumbnail's width; the other size is the photo's own, at most 1600 (the largest the shop shows). */
export const RETURN_THUMB_WIDTH = 320;

/** Two WebP sizes, not the catalogue's srcset: a thumbnail on the request, the photo opened larger. */
export const RETURN_PHOTO_SIZES: PhotoSizes = {
  widths: (largest) => (largest > RETURN_THUMB_WIDTH ? [RETURN_THUMB_WIDTH, largest] : [largest]),
  formats: ['webp'],
};

/** One stored size of a photo in the private storage: `<key>/<width>.webp`. */
export const returnPhotoFileKey = (key: string, width: number) => `${key}/${width}.webp`;
