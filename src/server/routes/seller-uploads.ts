import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_UPLOAD_BYTES, UploadedPhoto, UploadForm, UploadKeyParam } from '../../lib/contract/uploads';
import { type AppEnv, createRouter } from '../http/router';
import { deleteOwnPhoto, NOT_A_SELLER_UPLOADS, tooLarge, uploadPhoto } from '../services/uploads';
import { uploadStorage } from '../uploads/storage';
import { multipartOnly, sellersOnlySaying } from './guards';
import { errors, json } from './openapi-helpers';

/** 401 without a session, 403 for a user who owns no store: before a byte of the body is read. */
const sellersOnly = sellersOnlySaying(NOT_A_SELLER_UPLOADS);

/** The multipart envelope around the file (boundaries, part headers) is small; the file itself is checked exactly. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * A larger body is refused before it is read: at once when it declares its length, or as soon as
 * a streamed one passes the limit, so a 20 MB upload never sits in memory.
 */
const uploadLimit: MiddlewareHandler<AppEnv> = bodyLimit({
  maxSize: MAX_UPLOAD_BYTES + ENVELOPE_BYTES,
  onError: (c) => c.json(tooLarge().body(), 413),
});

const photoOnly = multipartOnly('the photo');

/** A seller's photos: uploaded once, used on its products and store page, deleted by the seller alone. */
export const sellerUploadRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags: ['Stores'],
      summary: 'Upload a photo (JPEG, PNG, WebP or AVIF, at most 10 MB) for the signed-in seller’s store',
      description:
        'The type is read from the file’s content, never its name. The photo is turned upright, stripped of its metadata (EXIF, GPS) and stored as AVIF and WebP at the shop’s image widths up to its own (at most 1600 pixels). `url` is the largest WebP; the others are beside it (`/uploads/{key}/{width}.{avif|webp}`).',
      middleware: [sellersOnly, photoOnly, uploadLimit] as const,
      request: { body: { content: { 'multipart/form-data': { schema: UploadForm } }, required: true } },
      responses: {
        201: json(UploadedPhoto, 'The stored photo'),
        ...errors(
          [400, 'No file, or a file that cannot be read as an image'],
          [401, 'Not signed in'],
          [403, 'Not a seller'],
          [413, 'Larger than 10 MB, or more than 50 megapixels'],
          [415, 'Not a JPEG, PNG, WebP or AVIF image'],
          [503, 'Too many photos being processed; try again'],
        ),
      },
    }),
    async (c) => {
      const photo = await uploadPhoto(c.var.db, uploadStorage(c.var.config), c.var.seller, c.req.valid('form').file);
      return c.json(photo, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{key}',
      tags: ['Stores'],
      summary: 'Delete one of the signed-in seller’s photos and every size of it',
      description:
        'Refused (409, naming them) while one of the store’s products, archived ones included, or the store’s logo or banner still shows the photo: remove it there first.',
      middleware: [sellersOnly] as const,
      request: { params: UploadKeyParam },
      responses: {
        204: { description: 'Deleted' },
        ...errors(
          [400, 'Not a photo key'],
          [401, 'Not signed in'],
          [403, 'Not a seller'],
          [404, 'No such photo of yours'],
          [409, 'Still shown on a product or as the store’s logo or banner'],
        ),
      },
    }),
    async (c) => {
      await deleteOwnPhoto(c.var.db, uploadStorage(c.var.config), c.var.seller, c.req.valid('param').key);
      return c.body(null, 204);
    },
  );
