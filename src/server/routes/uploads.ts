import { createRoute, z } from '@hono/zod-openapi';
import { UploadFileParams } from '../../lib/contract/uploads';
import { createRouter } from '../http/router';
import { photoFile } from '../services/uploads';
import { uploadStorage } from '../uploads/storage';
import { errors } from './openapi-helpers';

const image = { schema: z.string().openapi({ format: 'binary' }) };

/**
 * Sellers' photos (spec §3's "/uploads/…" images, which the storefront reaches on the API base).
 * A file's name holds its content hash, so it never changes: anyone may keep it for a year.
 */
export const uploadFileRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/{key}/{file}',
    tags: ['Catalog'],
    summary: 'One size of an uploaded photo, e.g. /uploads/{key}/800.avif (cached for a year)',
    request: { params: UploadFileParams },
    responses: {
      200: { description: 'The image', content: { 'image/avif': image, 'image/webp': image } },
      ...errors([400, 'Not a photo key or file name'], [404, 'No such photo or size']),
    },
  }),
  async (c) => {
    const { key, file } = c.req.valid('param');
    const found = await photoFile(uploadStorage(c.var.config), key, file);
    if (!found) return c.json({ message: 'Image not found', code: 'not_found' }, 404);
    return c.body(found.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': found.type,
      'Content-Length': String(found.bytes.byteLength),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
  },
);
