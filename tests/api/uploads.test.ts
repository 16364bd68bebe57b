import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../src/lib/contract/uploads';
import { storedWidths } from '../../src/lib/uploads';
import { products, uploads } from '../../src/server/db/schema';
import { createLogger } from '../../src/server/http/logger';
import { createServerApp } from '../../src/server/server';
import { createTestApp, type TestApp, testConfig } from '../fixtures/app';
import { as, signIn, signInSeller, type Who } from '../fixtures/orders';
import { streamBody } from '../fixtures/stream-body';

/*
 * Sellers' photos on the real API and a real database, stored in a folder of their own:
 * POST /seller/uploads, GET /uploads/{key}/{file}, DELETE /seller/uploads/{key}.
 */
let t: TestApp;
let dataDir: string;
let seller: Who;
let otherSeller: Who;
let buyer: Who;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'yaad-uploads-'));
  t = await createTestApp({ seed: true, config: { DATA_DIR: dataDir } });
  seller = await signInSeller(t.database.db, 'blue-mountain-roasters');
  otherSeller = await signInSeller(t.database.db, 'half-way-tree-electronics');
  buyer = await signIn(t.database.db, 'buyer@yaad.test');
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const upload = (who: Who | null, file: Blob, name = 'photo.jpg', headers: Record<string, string> = {}) => {
  const form = new FormData();
  form.set('file', file, name);
  return t.call('/seller/uploads', { method: 'POST', body: form, headers: { ...as(who), ...headers } });
};
const remove = (who: Who | null, key: string) =>
  t.call(`/seller/uploads/${key}`, { method: 'DELETE', headers: as(who) });

type Uploaded = { url: string; key: string; width: number; height: number };

/** A picture that is not one flat colour (two halves), so encoders have something to keep. */
const picture = (width: number, height: number, alpha = false) =>
  sharp({
    create: {
      width,
      height,
      channels: alpha ? 4 : 3,
      background: alpha ? { r: 20, g: 120, b: 60, alpha: 0.5 } : '#1d6f42',
    },
  }).composite([
    {
      input: { create: { width: Math.ceil(width / 2), height, channels: 3, background: '#f4c430' } },
      left: 0,
      top: 0,
    },
  ]);
const asFile = (bytes: Uint8Array, type = 'application/octet-stream') => new Blob([new Uint8Array(bytes)], { type });

/** The start of a PNG of the given size: signature, header chunk, and a little of its (absent) pixels. */
function pngHeader(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(1000)))]);
}

/** The EXIF block of an image, as text (empty when there is none). */
const exifOf = async (bytes: Uint8Array) => (await sharp(bytes).metadata()).exif?.toString('latin1') ?? '';
/** The GPS IFD pointer tag (0x8825), as it appears in little-endian EXIF. */
const GPS_TAG = String.fromCharCode(0x25, 0x88);

/** Every stored size of an upload, fetched as the storefront would, checked for type, size and headers. */
async function expectServed(photo: Uploaded) {
  for (const width of storedWidths(photo.width)) {
    for (const format of ['avif', 'webp'] as const) {
      const res = await t.call(`/uploads/${photo.key}/${width}.${format}`);
      expect(res.status, `${width}.${format}`).toBe(200);
      expect(res.headers.get('content-type')).toBe(`image/${format}`);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
      const meta = await sharp(bytes).metadata();
      expect(meta.format === 'heif' ? 'avif' : meta.format).toBe(format);
      expect(meta.width, `${width}.${format}`).toBe(width);
    }
  }
}

describe('uploading a photo', () => {
  it('takes a JPEG, PNG, WebP and AVIF, each stored as AVIF and WebP at the srcset widths up to its own', async () => {
    const cases = [
      { name: 'shop-front.jpg', bytes: await picture(1000, 600).jpeg().toBuffer(), width: 1000, height: 600 },
      { name: 'logo.png', bytes: await picture(300, 200, true).png().toBuffer(), width: 300, height: 200 },
      // Wider than the largest width: stored up to 1600, never its own 2400.
      { name: 'banner.webp', bytes: await picture(2400, 800).webp().toBuffer(), width: 1600, height: 533 },
      { name: 'bag.avif', bytes: await picture(500, 500).avif().toBuffer(), width: 500, height: 500 },
    ];
    for (const c of cases) {
      const res = await upload(seller, asFile(c.bytes), c.name);
      expect(res.status, c.name).toBe(201);
      const photo = (await res.json()) as Uploaded;
      expect(photo.key).toMatch(/^[0-9a-f]{32}$/);
      expect(photo.url).toBe(`/uploads/${photo.key}/${c.width}.webp`);
      expect([photo.width, photo.height], c.name).toEqual([c.width, c.height]);
      await expectServed(photo);
      // Nothing beyond the stored sizes: never enlarged.
      expect((await t.call(`/uploads/${photo.key}/1200.webp`)).status).toBe(c.width > 1200 ? 200 : 404);
    }
    expect(storedWidths(1000)).toEqual([160, 320, 480, 640, 800, 1000]);
  });

  it('turns the photo upright and removes its EXIF: no GPS position, camera or owner in any served size', async () => {
    const tagged = await picture(1000, 600)
      .jpeg()
      .withExif({
        IFD0: { Make: 'YaadTestCam', Copyright: 'Secret Owner' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '18/1 1/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '76/1 47/1 0/1' },
      })
      .toBuffer();
    // Orientation 6: the camera was held on its side; shown upright, the photo is 600 × 1000.
    const original = await sharp(tagged).withMetadata({ orientation: 6 }).toBuffer();
    const exif = await exifOf(original);
    expect(exif).toContain('YaadTestCam');
    expect(exif).toContain(GPS_TAG);

    const res = await upload(seller, asFile(original, 'image/jpeg'));
    expect(res.status).toBe(201);
    const photo = (await res.json()) as Uploaded;
    expect([photo.width, photo.height]).toEqual([600, 1000]);
    for (const width of storedWidths(photo.width)) {
      for (const format of ['avif', 'webp']) {
        const served = new Uint8Array(await (await t.call(`/uploads/${photo.key}/${width}.${format}`)).arrayBuffer());
        const meta = await sharp(served).metadata();
        expect(meta.exif, `${width}.${format}`).toBeUndefined();
        expect(meta.orientation ?? 1).toBe(1);
        expect(meta.height).toBe(Math.round((width * 1000) / 600));
        const text = Buffer.from(served).toString('latin1');
        expect(text).not.toContain('YaadTestCam');
        expect(text).not.toContain('Secret Owner');
      }
    }
  });

  it('judges the file by its content, not its name or declared type', async () => {
    // A PNG called .jpg and declared as a JPEG is still a PNG, and is taken.
    const png = await picture(200, 100).png().toBuffer();
    const renamed = await upload(seller, asFile(png, 'image/jpeg'), 'holiday.jpg');
    expect(renamed.status).toBe(201);

    // A text file called x.jpg and declared as a JPEG is refused, clearly.
    const text = asFile(
      new TextEncoder().encode('Dear customer, this is not a photo at all.\n'.repeat(20)),
      'image/jpeg',
    );
    const refused = await upload(seller, text, 'x.jpg');
    expect(refused.status).toBe(415);
    expect(await refused.json()).toEqual({
      message: 'That file is not a photo the shop can take: upload a JPEG, PNG, WebP or AVIF image.',
      code: 'unsupported_media_type',
    });

    // Other images are not taken either: GIF, SVG (which can carry script), TIFF.
    const others = [
      await picture(50, 50).gif().toBuffer(),
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      await picture(50, 50).tiff().toBuffer(),
    ];
    for (const bytes of others) expect((await upload(seller, asFile(bytes, 'image/jpeg'))).status).toBe(415);

    // The right first bytes on a broken body: refused as damaged, never a 500.
    const jpeg = await picture(800, 600).jpeg().toBuffer();
    const damaged = await upload(seller, asFile(jpeg.subarray(0, 600), 'image/jpeg'));
    expect(damaged.status).toBe(400);
    expect(await damaged.json()).toEqual({
      message: 'The photo could not be read: the file may be damaged. Try another copy of it.',
      code: 'bad_request',
    });
  });

  it('refuses a 20 MB file with 413, and a file one byte over 10 MB too', async () => {
    const huge = await upload(seller, asFile(new Uint8Array(20 * 1024 * 1024), 'image/jpeg'), 'huge.jpg');
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({
      message: 'A photo may be at most 10 MB. Choose a smaller one.',
      code: 'payload_too_large',
    });
    // Just over the limit fits the body's allowance for the form around it: the file itself is measured.
    const justOver = await upload(seller, asFile(new Uint8Array(MAX_UPLOAD_BYTES + 1), 'image/jpeg'));
    expect(justOver.status).toBe(413);
    expect(((await justOver.json()) as { message: string }).message).toBe(
      'A photo may be at most 10 MB (this one is 10.0 MB). Choose a smaller one.',
    );
  });

  it('refuses a photo of more than 50 megapixels before decoding it', async () => {
    // A PNG that says it is 10,000 × 6,000 (240 MB once decoded) in a few bytes: only its header is
    // whole, so decoding it would fail as damaged (400); refusing it by its size alone answers 413.
    const res = await upload(seller, asFile(pngHeader(10_000, 6_000)));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      message: 'The photo has too many pixels (10000 × 6000); at most 50 megapixels, e.g. 8000 × 6000.',
      code: 'payload_too_large',
    });
  });

  it('answers 400 without a file, and 415 for a body that is not a form', async () => {
    const form = new FormData();
    form.set('photo', asFile(await picture(100, 100).png().toBuffer()));
    const noFile = await t.call('/seller/uploads', { method: 'POST', body: form, headers: as(seller) });
    expect(noFile.status).toBe(400);
    expect(await noFile.json()).toMatchObject({
      message: 'Attach one photo as the form field "file".',
      code: 'validation_failed',
      errors: { file: 'Attach one photo as the form field "file".' },
    });
    const asText = new FormData();
    asText.set('file', 'not a file');
    expect((await t.call('/seller/uploads', { method: 'POST', body: asText, headers: as(seller) })).status).toBe(400);
    const json = await t.call('/seller/uploads', { method: 'POST', json: { file: 'x' }, headers: as(seller) });
    expect(json.status).toBe(415);
    expect(((await json.json()) as { code: string }).code).toBe('unsupported_media_type');
  });

  it('is for signed-in sellers only: 401 without a session, 403 for a buyer', async () => {
    const png = asFile(await picture(100, 100).png().toBuffer());
    const guest = await upload(null, png, 'a.png', { origin: 'http://shop.test' });
    expect(guest.status).toBe(401);
    expect(await guest.json()).toEqual({ message: 'Authentication required. Please log in.', code: 'unauthorized' });
    const shopper = await upload(buyer, png);
    expect(shopper.status).toBe(403);
    expect(await shopper.json()).toEqual({
      message: 'Only sellers can upload photos: open a store first.',
      code: 'forbidden',
    });
  });

  it('takes a cookie session only from the shop’s own pages (Origin), never from another site', async () => {
    const png = asFile(await picture(120, 80).png().toBuffer());
    const cookie = { cookie: `token=${seller.token}` };
    expect((await upload(null, png, 'a.png', { ...cookie, origin: 'http://shop.test' })).status).toBe(201);
    const noOrigin = await upload(null, png, 'a.png', cookie);
    expect(noOrigin.status).toBe(403);
    expect(((await noOrigin.json()) as { code: string }).code).toBe('forbidden');
    expect((await upload(null, png, 'a.png', { ...cookie, origin: 'https://evil.example' })).status).toBe(403);
  });

  it('records which store and user uploaded it; the same photo again is the same key', async () => {
    const bytes = await picture(640, 480).jpeg().toBuffer();
    const first = (await (await upload(seller, asFile(bytes))).json()) as Uploaded;
    const again = await upload(seller, asFile(bytes), 'copy.jpg');
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(first);
    const rows = await t.database.db.select().from(uploads).where(eq(uploads.key, first.key));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      storeId: 'blue-mountain-roasters',
      userId: seller.id,
      width: 640,
      height: 480,
      bytes: bytes.length,
    });
    // Another store's identical photo is its own photo, with its own key and owner.
    const theirs = (await (await upload(otherSeller, asFile(bytes))).json()) as Uploaded;
    expect(theirs.key).not.toBe(first.key);
  });
});

describe('deleting a photo', () => {
  it('is for its owner only: another seller gets 404 and the files stay; the owner’s delete removes every size', async () => {
    const photo = (await (await upload(seller, asFile(await picture(900, 600).webp().toBuffer()))).json()) as Uploaded;
    const notYours = await remove(otherSeller, photo.key);
    expect(notYours.status).toBe(404);
    expect(await notYours.json()).toEqual({ message: 'Photo not found', code: 'not_found' });
    expect((await remove(buyer, photo.key)).status).toBe(403);
    expect((await remove(null, photo.key)).status).toBe(401);
    await expectServed(photo);

    const deleted = await remove(seller, photo.key);
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
    for (const width of storedWidths(photo.width)) {
      const gone = await t.call(`/uploads/${photo.key}/${width}.webp`);
      expect(gone.status).toBe(404);
      expect(await gone.json()).toEqual({ message: 'Image not found', code: 'not_found' });
    }
    expect(await t.database.db.select().from(uploads).where(eq(uploads.key, photo.key))).toEqual([]);
    // Its folder went with its files.
    expect(await readdir(path.join(dataDir, 'uploads'))).not.toContain(photo.key);
    expect((await remove(seller, photo.key)).status).toBe(404);
  });
});

describe('deleting a photo still shown', () => {
  const newProduct = (name: string, sku: string, images: string[]) =>
    t.call('/seller/products', {
      method: 'POST',
      headers: as(seller),
      json: { name, category: 'Other', subcategory: 'Miscellaneous', price: 12, stock: 3, sku, images },
    });
  const put = (path: string, json: unknown) => t.call(path, { method: 'PUT', headers: as(seller), json });

  it('is refused with 409 naming the products, logo and banner of the seller’s own store that show it', async () => {
    const photo = (await (await upload(seller, asFile(await picture(500, 400).png().toBuffer()))).json()) as Uploaded;
    const made = await newProduct('Peaberry gift tin', 'DEL-USED-1', [photo.url]);
    expect(made.status).toBe(201);
    const product = (await made.json()) as { id: string };
    expect((await put('/seller/store', { logo: photo.url, bannerImage: photo.url })).status).toBe(200);
    // Another store's product that names this photo (only possible in the database) is not this seller's to know.
    const [theirs] = await t.database.db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(eq(products.storeId, 'half-way-tree-electronics'))
      .limit(1);
    await t.database.db
      .update(products)
      .set({ images: [photo.url] })
      .where(eq(products.id, theirs.id));

    const refused = await remove(seller, photo.key);
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { message: string; code: string };
    expect(body).toEqual({
      code: 'conflict',
      message:
        'This photo is still shown on the product “Peaberry gift tin”, your store’s logo and your store’s banner: remove it there first, then delete it.',
    });
    expect(body.message).not.toContain(theirs.name);
    await expectServed(photo);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.key, photo.key))).toHaveLength(1);
    // Another seller still learns nothing: 404, as for an unknown photo.
    expect((await remove(otherSeller, photo.key)).status).toBe(404);

    // An archived product counts (unarchiving it would show a broken image); the logo alone counts.
    expect(
      (await t.call(`/seller/products/${product.id}/archive`, { method: 'POST', headers: as(seller) })).status,
    ).toBe(200);
    expect((await put('/seller/store', { bannerImage: null })).status).toBe(200);
    expect(((await (await remove(seller, photo.key)).json()) as { message: string }).message).toBe(
      'This photo is still shown on the product “Peaberry gift tin” and your store’s logo: remove it there first, then delete it.',
    );
    expect((await put('/seller/store', { logo: null })).status).toBe(200);
    const second = await newProduct('Coffee sampler', 'DEL-USED-2', [photo.url]);
    expect(second.status).toBe(201);
    expect(((await (await remove(seller, photo.key)).json()) as { message: string }).message).toBe(
      'This photo is still shown on the products “Coffee sampler” and “Peaberry gift tin”: remove it there first, then delete it.',
    );

    // Taken off both products, it goes.
    for (const id of [product.id, ((await second.json()) as { id: string }).id])
      expect((await put(`/seller/products/${id}`, { images: [] })).status).toBe(200);
    expect((await remove(seller, photo.key)).status).toBe(204);
    expect((await t.call(photo.url)).status).toBe(404);
  });
});

describe('serving photos', () => {
  it('refuses keys and names that are not a photo’s: no path leaves the upload folder', async () => {
    // A file beside the upload folder that no request may reach.
    await writeFile(path.join(dataDir, 'secret.webp'), 'TOP-SECRET-CONTENT');
    const key = '0123456789abcdef0123456789abcdef';
    const attempts = [
      `/uploads/${key}/..%2F..%2Fsecret.webp`,
      `/uploads/..%2F..%2Fsecret.webp/800.webp`,
      `/uploads/..%2F/secret.webp`,
      `/uploads/%2e%2e/secret.webp`,
      `/uploads/${key}/800.png`,
      `/uploads/${key}/800.webp%00.png`,
      `/uploads/${key.toUpperCase()}/800.webp`,
      `/uploads/${key}/0800.webp`,
      `/uploads/${key}/.tmp`,
    ];
    for (const attempt of attempts) {
      const res = await t.call(attempt);
      expect([400, 404], attempt).toContain(res.status);
      expect(await res.text(), attempt).not.toContain('TOP-SECRET-CONTENT');
    }
    const unknown = await t.call(`/uploads/${key}/800.webp`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Image not found', code: 'not_found' });
    const badDelete = await remove(seller, '..%2F..%2Fsecret.webp');
    expect(badDelete.status).toBe(400);
    expect(((await badDelete.json()) as { code: string }).code).toBe('validation_failed');
  });

  it('serves through the whole server at /api/v1/uploads, where the storefront’s image rule points', async () => {
    const photo = (await (await upload(seller, asFile(await picture(400, 300).png().toBuffer()))).json()) as Uploaded;
    const app = createServerApp({
      config: testConfig({ DATA_DIR: dataDir }),
      database: t.database,
      log: createLogger('silent'),
    });
    const res = await app.request(`http://shop.test/api/v1${photo.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('documents the three calls in the OpenAPI document', async () => {
    const doc = (await (await t.call('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    };
    expect(Object.keys(doc.paths['/api/v1/seller/uploads'].post.requestBody?.content ?? {})).toEqual([
      'multipart/form-data',
    ]);
    expect(doc.paths['/api/v1/seller/uploads/{key}'].delete).toBeDefined();
    expect(doc.paths['/api/v1/uploads/{key}/{file}'].get).toBeDefined();
  });
});

describe('a 20 MB upload over HTTP', () => {
  /**
   * Sends a multipart body of `chunks` × 64 KB as the seller, stopping once answered. `status` is 0
   * when the server closed the connection before its answer arrived (a client still sending when
   * the server hangs up may lose the answer: TCP resets the connection on the unread data).
   */
  function sendUpload(port: number, headers: Record<string, string | number>, chunks: number) {
    return streamBody({
      port,
      path: '/api/v1/seller/uploads',
      headers: { ...as(seller), 'content-type': 'multipart/form-data; boundary=yaad', ...headers },
      chunks,
      chunk: Buffer.alloc(64 * 1024, 0xff),
      head: Buffer.from(
        '--yaad\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
      ),
      onClosed: 'status0',
    });
  }

  it('is refused with 413 before it is read: at once when declared, after 10 MB when streamed', async () => {
    const app = createServerApp({
      config: testConfig({ DATA_DIR: dataDir }),
      database: t.database,
      log: createLogger('silent'),
    });
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    // What the server read from each connection, counted when the connection closes.
    const read: number[] = [];
    server.on('connection', (socket: Socket) => socket.on('close', () => read.push(socket.bytesRead)));
    const closed = async (n: number) => {
      while (read.length < n) await new Promise((r) => setTimeout(r, 20));
      return read[n - 1];
    };
    const { port } = server.address() as AddressInfo;
    const before = await t.database.db.select().from(uploads);
    try {
      const twentyMb = 320; // × 64 KB
      const declared = await sendUpload(port, { 'content-length': 20 * 1024 * 1024 }, twentyMb);
      expect(declared.status).toBe(413);
      expect(JSON.parse(declared.body)).toEqual({
        message: 'A photo may be at most 10 MB. Choose a smaller one.',
        code: 'payload_too_large',
      });
      expect(await closed(1)).toBeLessThan(10 * 1024 * 1024);

      const streamed = await sendUpload(port, { 'transfer-encoding': 'chunked' }, twentyMb);
      expect([413, 0]).toContain(streamed.status);
      // Read up to the limit (10 MB and the form's 64 KB allowance, plus what the socket had
      // buffered ahead), never the whole 20 MB.
      expect(await closed(2)).toBeLessThan(MAX_UPLOAD_BYTES + 1024 * 1024);
      expect(await t.database.db.select().from(uploads)).toEqual(before);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
