/**
 * A return request's photos (issue 28, docs/decisions/043): up to MAX_RETURN_PHOTOS, sent with the
 * request and made with it, all or none. They go through the shop's upload pipeline (decision 012:
 * the type read from the content, 10 MB and 50 megapixels at most, turned upright and stripped of
 * their metadata by sharp) but are private: kept in their own storage outside the public uploads
 * (`returnPhotoStorage`), named by 128 random bits, and read only through the request's scope
 * (its buyer, the seller of its part, the operators); anyone else gets the 404 of an unknown photo.
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import type { CreateReturnInput, ReturnRequest } from '../../../lib/contract/returns';
import { MAX_UPLOAD_BYTES } from '../../../lib/contract/uploads';
import { MESSAGES } from '../../../lib/messages';
import { MAX_RETURN_PHOTOS, RETURN_TRANSITIONS } from '../../../lib/returns';
import type { Db, Tx } from '../../db/client';
import { returnPhotos, returnRequests } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { sniffPhotoType } from '../../uploads/image-type';
import { inProcessingQueue, type ProcessedPhoto, processPhoto } from '../../uploads/process';
import type { UploadStorage } from '../../uploads/storage';
import { notAPhoto, tooLarge } from '../uploads';
import { createReturn } from './moves';
import { returnPhotoFileKey as fileKey, RETURN_PHOTO_SIZES } from './photo-sizes';
import { readReturn } from './read';
import { getReturn, lockRequest, notFound, type ReturnSettings } from './request-lock';
import { type ReturnScope, scopeWhere } from './scope';

type Prepared = { key: string; bytes: number; photo: ProcessedPhoto };

/**
 * The files checked before any is processed (how many, each one's size and type by its content:
 * a refusal costs no decoding), then processed one by one through the pipeline's queue.
 */
async function preparePhotos(files: Blob[]): Promise<Prepared[]> {
  if (files.length > MAX_RETURN_PHOTOS) {
    throw new ApiError(400, 'validation_failed', MESSAGES.returns.tooManyPhotos(MAX_RETURN_PHOTOS), {
      photos: MESSAGES.returns.tooManyPhotos(MAX_RETURN_PHOTOS),
    });
  }
  const read: { bytes: Uint8Array; type: NonNullable<ReturnType<typeof sniffPhotoType>> }[] = [];
  for (const file of files) {
    if (file.size > MAX_UPLOAD_BYTES) throw tooLarge(file.size);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffPhotoType(bytes);
    if (!type) throw notAPhoto();
    read.push({ bytes, type });
  }
  const out: Prepared[] = [];
  for (const { bytes, type } of read) {
    const photo = await inProcessingQueue(() => processPhoto(bytes, type, RETURN_PHOTO_SIZES));
    out.push({ key: randomBytes(16).toString('hex'), bytes: bytes.length, photo });
  }
  return out;
}

/**
 * The buyer's request with its photos, all or none: the photos are checked and processed first
 * (any bad one refuses the whole call, nothing made), then stored and recorded inside the
 * request's own transaction; if that transaction does not commit, the files written are removed.
 */
export async function createReturnWithPhotos(
  db: Db,
  storage: UploadStorage,
  buyerId: string,
  input: CreateReturnInput,
  files: Blob[],
  settings: ReturnSettings,
): Promise<ReturnRequest> {
  const prepared = await preparePhotos(files);
  const written: string[] = [];
  try {
    return await createReturn(db, buyerId, input, settings, (tx: Tx, requestId: string) =>
      storePhotos(tx, storage, requestId, buyerId, prepared, 0, written),
    );
  } catch (error) {
    await Promise.all(written.map((k) => storage.delete(k)));
    throw error;
  }
}

/** Stores a request's prepared photos and records them after the `already` it has, in the caller's transaction. */
async function storePhotos(
  tx: Tx,
  storage: UploadStorage,
  requestId: string,
  buyerId: string,
  prepared: Prepared[],
  already: number,
  written: string[],
) {
  for (const [i, { key, bytes, photo }] of prepared.entries()) {
    for (const f of photo.files) {
      await storage.put(fileKey(key, f.width), f.bytes);
      written.push(fileKey(key, f.width));
    }
    await tx.insert(returnPhotos).values({
      key,
      requestId,
      uploadedBy: buyerId,
      position: already + i,
      width: photo.width,
      height: photo.height,
      bytes,
    });
  }
}

const photoCount = async (db: Db | Tx, requestId: string) =>
  (await db.select({ n: count() }).from(returnPhotos).where(eq(returnPhotos.requestId, requestId)))[0].n;

/**
 * More photos on the buyer's own request while it is open (not refunded, decided or closed), up to
 * MAX_RETURN_PHOTOS in all, all or none. Another buyer's request (or none) is a 404 before any
 * photo is read; the count and the status are checked again under the request's lock.
 */
export async function addReturnPhotos(
  db: Db,
  storage: UploadStorage,
  buyerId: string,
  requestId: string,
  files: Blob[],
  settings: ReturnSettings,
): Promise<ReturnRequest> {
  const scope = { buyerId };
  const seen = await readReturn(db, scope, requestId, settings.answerDays);
  if (!seen) throw notFound();
  const check = (status: keyof typeof RETURN_TRANSITIONS, has: number) => {
    if (RETURN_TRANSITIONS[status].length === 0)
      throw new ApiError(409, 'conflict', MESSAGES.returns.photosClosed(status));
    if (has + files.length > MAX_RETURN_PHOTOS)
      throw new ApiError(409, 'conflict', MESSAGES.returns.photosFull(has, MAX_RETURN_PHOTOS));
  };
  check(seen.status, seen.photos.length);
  const prepared = await preparePhotos(files);
  const written: string[] = [];
  try {
    await db.transaction(async (tx) => {
      const request = await lockRequest(tx, scope, requestId);
      const has = await photoCount(tx, request.id);
      check(request.status, has);
      await storePhotos(tx, storage, request.id, buyerId, prepared, has, written);
    });
  } catch (error) {
    await Promise.all(written.map((k) => storage.delete(k)));
    throw error;
  }
  return getReturn(db, scope, requestId, settings);
}

/**
 * One stored size of one of a request's photos, for whoever the scope is: the photo of that key,
 * of that request, and the request within the scope (the buyer's own, the seller's store's, or any
 * for the operators), all in the one WHERE. Anything else, or a size not stored, is a 404.
 */
export async function returnPhotoFile(
  db: Db,
  storage: UploadStorage,
  scope: ReturnScope,
  requestId: string,
  key: string,
  file: string,
): Promise<Uint8Array> {
  const [photo] = await db
    .select({ width: returnPhotos.width })
    .from(returnPhotos)
    .innerJoin(returnRequests, eq(returnRequests.id, returnPhotos.requestId))
    .where(and(eq(returnPhotos.key, key), eq(returnPhotos.requestId, requestId), scopeWhere(scope)));
  const width = Number(file.slice(0, file.indexOf('.')));
  const stored = photo && RETURN_PHOTO_SIZES.widths(photo.width).includes(width);
  const bytes = stored ? await storage.get(fileKey(key, width)) : undefined;
  if (!bytes) throw new ApiError(404, 'not_found', MESSAGES.returns.photoNotFound);
  return bytes;
}
