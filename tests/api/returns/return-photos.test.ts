import { mkdtempSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../src/lib/contract/orders';
import { ReturnAnswer, type ReturnRequest } from '../../../src/lib/contract/returns';
import { MAX_UPLOAD_BYTES } from '../../../src/lib/contract/uploads';
import { returnPhotos, returnRequests } from '../../../src/server/db/schema';
import { createReturnWithPhotos } from '../../../src/server/services/returns';
import { FolderStorage } from '../../../src/server/uploads/storage';
import { buyerOrder, openCardScene, paidCardOrder } from '../../fixtures/card-payments';
import { A, B, buyer, call, deliver, sellerA, sellerB, stranger, t } from '../../fixtures/order-scene';
import { as, signInOperator, type Who } from '../../fixtures/orders';

/*
 * A return request's photos (decision 043) on the real API and database, kept in a data folder of
 * their own: sent with the request (POST /returns/with-photos), all or nothing; private, read
 * through each side's route (the buyer, the seller of the part, the operators) and a 404 for
 * anyone else. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'yaad-return-photos-'));
openCardScene({ DATA_DIR: dataDir });
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const privateDir = path.join(dataDir, 'private', 'return-photos');
const db = () => t.database.db;
let operator: Who;
let order: Order;

/** A card order of stores A (2 × 12.50, 1 × 9.99) and B (1 × 49.99), paid and delivered. */
async function deliveredOrder(): Promise<Order> {
  const paid = await paidCardOrder();
  await deliver(sellerA, paid.id);
  await deliver(sellerB, paid.id);
  return buyerOrder(paid.id);
}

beforeAll(async () => {
  operator = await signInOperator(db(), 'photos-operator@yaad.test', 'Ronnie Operator');
  order = await deliveredOrder();
});

const partOf = (store: string, of = order) => of.sellers.find((s) => s.sellerId === store)!;
/** One unit of the part's line at this price. */
const lineOf = (store: string, unitPrice: number, of = order) => {
  const line = partOf(store, of).items.find((l) => l.price === unitPrice)!;
  return { lineId: line.id, quantity: 1 };
};

/** A picture that is not one flat colour, `width` × `height`, as JPEG or PNG. */
const picture = (width: number, height: number, format: 'jpeg' | 'png' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: '#1d6f42' } })
    .composite([
      {
        input: { create: { width: Math.ceil(width / 2), height, channels: 3, background: '#f4c430' } },
        left: 0,
        top: 0,
      },
    ])
    [format]()
    .toBuffer();

type Photo = { bytes: Uint8Array<ArrayBuffer>; name: string; type?: string };

/** POST /returns/with-photos as `who`: the request as JSON text and each photo in a field `photos`. */
function send(who: Who | null, request: unknown, photos: Photo[], headers: Record<string, string> = {}) {
  const form = new FormData();
  form.set('request', typeof request === 'string' ? request : JSON.stringify(request));
  for (const p of photos) form.append('photos', new Blob([p.bytes], { type: p.type ?? 'image/jpeg' }), p.name);
  return t.call('/returns/with-photos', { method: 'POST', body: form, headers: { ...as(who), ...headers } });
}
const requestOf = (store: string, lines: { lineId: string; quantity: number }[], of = order) => ({
  partId: partOf(store, of).partId,
  lines,
  reason: 'damaged',
  note: 'The bag arrived torn; photos attached.',
});
const made = async (res: Response): Promise<ReturnRequest> => {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return ReturnAnswer.parse(body).request;
};
const get = (who: Who | null, url: string) => t.call(url, { headers: as(who) });

/** Every file in the private photo folder (not the temporary writes). */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(privateDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && !path.relative(privateDir, e.parentPath).startsWith('.tmp'))
    .map((e) => path.relative(privateDir, path.join(e.parentPath, e.name)))
    .sort();
}
const requestsOfOrder = async () =>
  (await db().select({ id: returnRequests.id }).from(returnRequests).where(eq(returnRequests.orderId, order.id)))
    .length;

describe('photos sent with a return request', () => {
  let request: ReturnRequest;

  it('the request is made with its photos, in the order sent, each upright, stripped and kept privately at two sizes', async () => {
    const wide = await picture(2000, 1000, 'png');
    const small = await picture(300, 200);
    request = await made(
      await send(buyer, requestOf(A, [lineOf(A, 9.99)]), [
        { bytes: wide, name: 'IMG_0001.PNG', type: 'image/png' },
        { bytes: small, name: 'torn.jpg' },
      ]),
    );
    expect(request.status).toBe('requested');
    expect(request.photos).toHaveLength(2);
    const [first, second] = request.photos;
    expect(first).toMatchObject({ width: 1600, height: 800 });
    expect(first.url).toBe(`/returns/${request.id}/photos/${first.key}/1600.webp`);
    expect(first.thumb).toBe(`/returns/${request.id}/photos/${first.key}/320.webp`);
    // Narrower than a thumbnail: one size, never enlarged.
    expect(second).toMatchObject({ width: 300, height: 200 });
    expect(second.thumb).toBe(second.url);
    expect(first.key).toMatch(/^[0-9a-f]{32}$/);

    expect(await storedFiles()).toEqual(
      [`${first.key}/1600.webp`, `${first.key}/320.webp`, `${second.key}/300.webp`].sort(),
    );
    // Nothing of it in the public uploads.
    expect(await readdir(path.join(dataDir, 'uploads')).catch(() => [])).toEqual([]);
    const rows = await db().select().from(returnPhotos).where(eq(returnPhotos.requestId, request.id));
    expect(rows.map((r) => [r.key, r.position, r.uploadedBy])).toEqual(
      expect.arrayContaining([
        [first.key, 0, buyer.id],
        [second.key, 1, buyer.id],
      ]),
    );
  });

  it('the buyer reads them on its own route: WebP, private to the browser, at the size named', async () => {
    const [first] = request.photos;
    const res = await get(buyer, first.thumb);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-site');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 160 });
    expect(meta.exif).toBeUndefined();
    expect((await get(buyer, first.url)).status).toBe(200);
    // The request as the buyer reads it names the same photos.
    const again = ReturnAnswer.parse((await call(buyer, 'GET', `/returns/${request.id}`)).body).request;
    expect(again.photos).toEqual(request.photos);
  });

  it('the seller of the part and the operators read them on their own routes', async () => {
    const seen = ReturnAnswer.parse((await call(sellerA, 'GET', `/seller/returns/${request.id}`)).body).request;
    expect(seen.photos.map((p) => p.key)).toEqual(request.photos.map((p) => p.key));
    expect(seen.photos[0].url).toBe(`/seller/returns/${request.id}/photos/${seen.photos[0].key}/1600.webp`);
    expect((await get(sellerA, seen.photos[0].thumb)).status).toBe(200);

    const dispute = ReturnAnswer.parse((await call(operator, 'GET', `/admin/disputes/${request.id}`)).body).request;
    expect(dispute.photos[1].url).toBe(`/admin/disputes/${request.id}/photos/${dispute.photos[1].key}/300.webp`);
    const res = await get(operator, dispute.photos[1].url);
    expect(res.status).toBe(200);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(300);
  });

  it('anyone else: another buyer and another seller 404, as an unknown photo; signed out 401; a buyer on the seller’s route 403', async () => {
    const { key } = request.photos[0];
    const not = async (res: Response, status: number) => {
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/json/);
    };
    await not(await get(stranger, `/returns/${request.id}/photos/${key}/320.webp`), 404);
    await not(await get(sellerB, `/seller/returns/${request.id}/photos/${key}/320.webp`), 404);
    await not(await get(null, `/returns/${request.id}/photos/${key}/320.webp`), 401);
    await not(await get(buyer, `/seller/returns/${request.id}/photos/${key}/320.webp`), 403);
    await not(await get(buyer, `/admin/disputes/${request.id}/photos/${key}/320.webp`), 403);
    // Not under the public uploads route, nor a size it was not stored at, nor under another request.
    await not(await get(null, `/uploads/${key}/320.webp`), 404);
    await not(await get(buyer, `/returns/${request.id}/photos/${key}/800.webp`), 404);
    const other = await made(await send(buyer, requestOf(B, [lineOf(B, 49.99)]), []));
    expect(other.photos).toEqual([]);
    await not(await get(buyer, `/returns/${other.id}/photos/${key}/320.webp`), 404);
    // A malformed key or file name: 400.
    await not(await get(buyer, `/returns/${request.id}/photos/../../uploads/320.webp`), 404);
    await not(await get(buyer, `/returns/${request.id}/photos/${key}/320.png`), 400);
  });
});

/** POST /returns/{id}/photos as `who`: each photo in a field `photos`. */
function add(who: Who | null, id: string, photos: Photo[]) {
  const form = new FormData();
  for (const p of photos) form.append('photos', new Blob([p.bytes], { type: p.type ?? 'image/jpeg' }), p.name);
  return t.call(`/returns/${id}/photos`, { method: 'POST', body: form, headers: as(who) });
}

describe('photos added later to the buyer’s own open request', () => {
  it('up to 3 in all, after those it has; another buyer’s request 404 and a seller 403, nothing kept; a closed request 409', async () => {
    const jpeg = async () => ({ bytes: await picture(500, 400), name: 'later.jpg' });
    const mine = await deliveredOrder();
    const request = await made(
      await send(buyer, requestOf(A, [lineOf(A, 12.5, mine)], mine), [
        { bytes: await picture(640, 480), name: 'first.jpg' },
      ]),
    );
    const files = await storedFiles();

    // Someone else's request: the same 404 as none, before a photo is read; a seller: 403.
    for (const [who, status] of [
      [stranger, 404],
      [sellerA, 404],
      [operator, 404],
    ] as const) {
      const res = await add(who, request.id, [await jpeg()]);
      expect(res.status, await res.text()).toBe(status);
    }
    expect((await add(buyer, 'no-such-request', [await jpeg()])).status).toBe(404);
    expect((await add(null, request.id, [await jpeg()])).status).toBe(403);
    expect(await storedFiles()).toEqual(files);

    // None, or a bad one among good ones: 400, 415; nothing added.
    expect((await add(buyer, request.id, [])).status).toBe(400);
    const text = { bytes: new TextEncoder().encode('hello'), name: 'note.jpg' };
    expect((await add(buyer, request.id, [await jpeg(), text])).status).toBe(415);
    // More than the request may still take: 409 naming how many.
    const over = await add(buyer, request.id, [await jpeg(), await jpeg(), await jpeg()]);
    expect(over.status).toBe(409);
    expect(((await over.json()) as { message: string }).message).toBe(
      'This return request has 1 photo: add at most 2 more',
    );
    expect(await storedFiles()).toEqual(files);

    const res = await add(buyer, request.id, [await jpeg(), await jpeg()]);
    expect(res.status).toBe(200);
    const now = ReturnAnswer.parse(await res.json()).request;
    expect(now.photos).toHaveLength(3);
    expect(now.photos[0]).toEqual(request.photos[0]);
    expect(now.photos.slice(1).map((p) => p.width)).toEqual([500, 500]);
    const rows = await db().select().from(returnPhotos).where(eq(returnPhotos.requestId, request.id));
    expect(rows.map((r) => r.position).sort()).toEqual([0, 1, 2]);
    const seller = ReturnAnswer.parse((await call(sellerA, 'GET', `/seller/returns/${request.id}`)).body).request;
    expect((await get(sellerA, seller.photos[2].thumb)).status).toBe(200);
    const full = await add(buyer, request.id, [await jpeg()]);
    expect(full.status).toBe(409);
    expect(((await full.json()) as { message: string }).message).toContain('already has 3 photos');

    // Once refunded (final), no more.
    const other = await made(await send(buyer, requestOf(A, [lineOf(A, 12.5, mine)], mine), []));
    const refunded = await call(sellerA, 'POST', `/seller/returns/${other.id}/refund`);
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const closed = await add(buyer, other.id, [await jpeg()]);
    expect(closed.status).toBe(409);
    expect(((await closed.json()) as { message: string }).message).toBe(
      'A return request that is refunded can no longer take photos',
    );
  });
});

describe('bad photos refuse the whole request, and nothing is kept', () => {
  const refusedWithNothing = async (res: Response, status: number, code: string) => {
    const body = (await res.json()) as { code: string; message: string };
    expect(res.status, JSON.stringify(body)).toBe(status);
    expect(body.code).toBe(code);
    expect(body.message.length).toBeGreaterThan(10);
    return body;
  };
  let before: { requests: number; files: string[] };
  beforeAll(async () => {
    before = { requests: await requestsOfOrder(), files: await storedFiles() };
  });
  const unchanged = async () => {
    expect(await requestsOfOrder()).toBe(before.requests);
    expect(await storedFiles()).toEqual(before.files);
  };
  const jpeg = async () => ({ bytes: await picture(400, 300), name: 'a.jpg' });

  it('more than 3 photos: 400 naming the limit', async () => {
    const body = await refusedWithNothing(
      await send(buyer, requestOf(A, [lineOf(A, 12.5)]), [await jpeg(), await jpeg(), await jpeg(), await jpeg()]),
      400,
      'validation_failed',
    );
    expect(body.message).toContain('at most 3 photos');
    await unchanged();
  });

  it('a file that is not a photo by its content (whatever its name): 415', async () => {
    const fake = { bytes: new TextEncoder().encode('not a photo at all'), name: 'photo.jpg' };
    await refusedWithNothing(
      await send(buyer, requestOf(A, [lineOf(A, 12.5)]), [await jpeg(), fake]),
      415,
      'unsupported_media_type',
    );
    const gif = { bytes: new TextEncoder().encode('GIF89a\u0001\u0000\u0001\u0000'), name: 'a.gif', type: 'image/gif' };
    await refusedWithNothing(await send(buyer, requestOf(A, [lineOf(A, 12.5)]), [gif]), 415, 'unsupported_media_type');
    await unchanged();
  });

  it('a photo over 10 MB: 413; a damaged one: 400', async () => {
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set(await picture(40, 40));
    const body = await refusedWithNothing(
      await send(buyer, requestOf(A, [lineOf(A, 12.5)]), [{ bytes: big, name: 'big.jpg' }]),
      413,
      'payload_too_large',
    );
    expect(body.message).toContain('10 MB');
    const good = await picture(400, 300);
    const damaged = good.subarray(0, 200);
    await refusedWithNothing(
      await send(buyer, requestOf(A, [lineOf(A, 12.5)]), [{ bytes: damaged, name: 'cut.jpg' }]),
      400,
      'bad_request',
    );
    await unchanged();
  });

  it('good photos with a request refused (another buyer’s part, more than bought): the files written are removed', async () => {
    await refusedWithNothing(await send(stranger, requestOf(A, [lineOf(A, 12.5)]), [await jpeg()]), 404, 'not_found');
    await refusedWithNothing(
      await send(buyer, requestOf(A, [{ ...lineOf(A, 12.5), quantity: 99 }]), [await jpeg(), await jpeg()]),
      409,
      'conflict',
    );
    await unchanged();
  });

  it('a request that is not JSON, or not multipart, or signed out: 400, 415, 401', async () => {
    await refusedWithNothing(await send(buyer, '{"partId":', [await jpeg()]), 400, 'validation_failed');
    await refusedWithNothing(
      await send(buyer, { ...requestOf(A, [lineOf(A, 12.5)]), reason: 'bored' }, []),
      400,
      'validation_failed',
    );
    await refusedWithNothing(
      await t.call('/returns/with-photos', {
        method: 'POST',
        headers: { ...as(buyer), 'content-type': 'application/json' },
        body: JSON.stringify(requestOf(A, [lineOf(A, 12.5)])),
      }),
      415,
      'unsupported_media_type',
    );
    await refusedWithNothing(
      await send(null, requestOf(A, [lineOf(A, 12.5)]), [await jpeg()], { origin: 'http://shop.test' }),
      401,
      'unauthorized',
    );
    await unchanged();
  });

  it('the storage failing midway (a full disk): the transaction is undone and the files already written removed', async () => {
    const folder = path.join(dataDir, 'failing');
    /** Takes two files, then fails as a full disk would. */
    class FullDisk extends FolderStorage {
      puts = 0;
      override async put(key: string, bytes: Uint8Array) {
        if (++this.puts > 2) throw new Error('ENOSPC: no space left on device');
        await super.put(key, bytes);
      }
    }
    const storage = new FullDisk(folder);
    const photos = [await picture(800, 600), await picture(800, 600)].map((b) => new Blob([b]));
    await expect(
      createReturnWithPhotos(
        db(),
        storage,
        buyer.id,
        { partId: partOf(A).partId, lines: [lineOf(A, 12.5)], reason: 'damaged', note: '' },
        photos,
        { returnDays: 14, answerDays: 3 },
      ),
    ).rejects.toThrow('ENOSPC');
    expect(storage.puts).toBe(3);
    await unchanged();
    const left = await readdir(folder, { recursive: true, withFileTypes: true });
    expect(left.filter((e) => e.isFile())).toEqual([]);
  });
});
