/**
 * Sellers' photos (docs/decisions/012-photo-uploads.md): checked by their content, processed into
 * the shop's sizes, stored under a content hash, and recorded against the seller's store, whose
 * owner alone may delete them (the owner is in the WHERE of the delete itself).
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { MAX_UPLOAD_BYTES, type UploadedPhoto } from '../../lib/contract/uploads';
import { counted, namesInText } from '../../lib/plural';
import { storedWidths, UPLOAD_FORMATS, type UploadFormat, uploadPath } from '../../lib/uploads';
import type { Db, Tx } from '../db/client';
import { products, stores, uploads } from '../db/schema';
import { ApiError } from '../http/errors';
import { sniffPhotoType } from '../uploads/image-type';
import { inProcessingQueue, processPhoto } from '../uploads/process';
import type { UploadStorage } from '../uploads/storage';
import { notTheSellers, type Seller, soldBy } from './sellers';

/** What the upload calls say to an account without a store (their `sellersOnlySaying`). */
export const NOT_A_SELLER_UPLOADS = 'Only sellers can upload photos: open a store first.';

const fileKey = (key: string, width: number, format: UploadFormat) => `${key}/${width}.${format}`;

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

export function tooLarge(bytes?: number): ApiError {
  const size = bytes === undefined ? '' : ` (this one is ${megabytes(bytes)})`;
  return new ApiError(413, 'payload_too_large', `A photo may be at most 10 MB${size}. Choose a smaller one.`);
}

/** A file whose first bytes are not a JPEG, PNG, WebP or AVIF (whatever its name or declared type says). */
export function notAPhoto(): ApiError {
  return new ApiError(
    415,
    'unsupported_media_type',
    'That file is not a photo the shop can take: upload a JPEG, PNG, WebP or AVIF image.',
  );
}

/**
 * Takes one photo for the seller's store: refuses anything above 10 MB or not a JPEG, PNG, WebP
 * or AVIF by its content, stores every size, then records it. The same photo sent again by the
 * same store is the same key, answered without processing it again.
 */
export async function uploadPhoto(db: Db, storage: UploadStorage, seller: Seller, file: Blob): Promise<UploadedPhoto> {
  if (file.size > MAX_UPLOAD_BYTES) throw tooLarge(file.size);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffPhotoType(bytes);
  if (!type) throw notAPhoto();
  const { storeId, userId } = seller;
  // The store is in the hash: two stores' identical photos are two photos, each deleted by its own owner.
  const key = createHash('sha256').update(storeId).update('\0').update(bytes).digest('hex').slice(0, 32);
  const answer = (width: number, height: number) => ({ url: uploadPath(key, width, 'webp'), key, width, height });

  const [known] = await db
    .select({ width: uploads.width, height: uploads.height })
    .from(uploads)
    .where(and(eq(uploads.key, key), soldBy(seller, uploads.storeId)));
  if (known && (await storage.exists(fileKey(key, known.width, 'webp')))) return answer(known.width, known.height);

  const photo = await inProcessingQueue(() => processPhoto(bytes, type));
  await Promise.all(photo.files.map((f) => storage.put(fileKey(key, f.width, f.format), f.bytes)));
  // Recorded once its files are all in place, so a recorded photo is always whole.
  await db
    .insert(uploads)
    .values({ key, storeId, userId, width: photo.width, height: photo.height, bytes: bytes.length })
    .onConflictDoNothing();
  return answer(photo.width, photo.height);
}

/**
 * What of the seller's own store still shows a photo, in words: its products (archived ones too,
 * as unarchiving one would bring back a broken image) and the store's logo and banner. Any size
 * of the photo counts (`/uploads/<key>/…`). Only that store's rows are read: its id and owner are
 * in the WHERE.
 */
async function photoUses(tx: Tx, seller: Seller, key: string): Promise<string[]> {
  const prefix = `/uploads/${key}/%`;
  const shown = await tx
    .select({ name: products.name })
    .from(products)
    .where(
      and(
        soldBy(seller, products.storeId),
        sql`exists (select 1 from jsonb_array_elements_text(${products.images}) as photo where photo like ${prefix})`,
      ),
    )
    .orderBy(asc(products.name));
  const [store] = await tx
    .select({ logo: stores.logo, bannerImage: stores.bannerImage })
    .from(stores)
    .where(and(eq(stores.id, seller.storeId), eq(stores.ownerId, seller.userId)));
  const named = shown.slice(0, 3).map((p) => `“${p.name}”`);
  if (shown.length > 3) named.push(counted(shown.length - 3, 'more product', 'more products'));
  const ofStore = (url: string | null | undefined) => url?.startsWith(`/uploads/${key}/`);
  return [
    ...(named.length ? [`${shown.length === 1 ? 'the product' : 'the products'} ${namesInText(named)}`] : []),
    ...(ofStore(store?.logo) ? ['your store’s logo'] : []),
    ...(ofStore(store?.bannerImage) ? ['your store’s banner'] : []),
  ];
}

/**
 * Deletes one of the seller's own photos and its files: 404 when there is none of that key in its
 * store (another seller's photo alike), 409 naming what still shows it (a product, the logo or banner), so no public page is
 * left with a broken image. The row is locked while the uses are read, so two deletes of one
 * photo do not both go ahead.
 */
export async function deleteOwnPhoto(db: Db, storage: UploadStorage, seller: Seller, key: string): Promise<void> {
  const gone = await db.transaction(async (tx) => {
    const [photo] = await tx
      .select({ width: uploads.width })
      .from(uploads)
      .where(and(eq(uploads.key, key), soldBy(seller, uploads.storeId)))
      .for('update');
    if (!photo) throw notTheSellers('Photo not found');
    const uses = await photoUses(tx, seller, key);
    if (uses.length) {
      throw new ApiError(
        409,
        'conflict',
        `This photo is still shown on ${namesInText(uses)}: remove it there first, then delete it.`,
      );
    }
    await tx.delete(uploads).where(and(eq(uploads.key, key), soldBy(seller, uploads.storeId)));
    return photo;
  });
  await Promise.all(
    storedWidths(gone.width).flatMap((w) => UPLOAD_FORMATS.map((f) => storage.delete(fileKey(key, w, f)))),
  );
}

const TYPES: Record<UploadFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

/** One stored size of a photo (`800.webp` of a key), with its content type, or undefined. */
export async function photoFile(
  storage: UploadStorage,
  key: string,
  file: string,
): Promise<{ bytes: Uint8Array; type: string } | undefined> {
  const format = file.slice(file.lastIndexOf('.') + 1) as UploadFormat;
  if (!Object.hasOwn(TYPES, format)) return undefined;
  const bytes = await storage.get(`${key}/${file}`);
  return bytes && { bytes, type: TYPES[format] };
}
