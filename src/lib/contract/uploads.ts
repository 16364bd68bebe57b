import { z } from 'zod';
import { UPLOAD_FILE, UPLOAD_HASH } from '../uploads';

/** The largest photo a seller may upload: 10 MB (a phone's full-resolution JPEG is 3–8 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** POST /seller/uploads: one photo, as the multipart form field `file`. */
export const UploadForm = z
  .object({
    file: z
      .instanceof(File, { message: 'Attach one photo as the form field "file".' })
      .meta({ type: 'string', format: 'binary', description: 'A JPEG, PNG, WebP or AVIF image of at most 10 MB' }),
  })
  .meta({ id: 'UploadForm' });

export const UploadedPhoto = z
  .object({
    /** The largest WebP, `/uploads/<key>/<width>.webp`: what a product's `images` holds. */
    url: z.string(),
    /** The photo's content hash: its files' folder, and what DELETE takes. */
    key: z.string(),
    /** The largest stored size (the photo's own size, at most 1600 pixels wide). */
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'UploadedPhoto' });
export type UploadedPhoto = z.infer<typeof UploadedPhoto>;

const hash = z.string().regex(UPLOAD_HASH, 'The photo key must be 32 hexadecimal characters.');

export const UploadKeyParam = z.object({ key: hash });

/** GET /uploads/{key}/{file}: one stored size, e.g. `…/800.avif`. */
export const UploadFileParams = z.object({
  key: hash,
  file: z.string().regex(UPLOAD_FILE, 'The file must be a width and a format, e.g. 800.webp or 800.avif.'),
});
