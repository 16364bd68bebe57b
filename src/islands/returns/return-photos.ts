import type { ReturnPhoto } from '../../lib/contract/returns';
import { MAX_UPLOAD_BYTES } from '../../lib/contract/uploads';
import { MAX_RETURN_PHOTOS } from '../../lib/returns';

/*
 * The photos a buyer attaches to a return request (decision 043), checked as they are chosen so a
 * wrong file is named at once; the server checks every one again by its content.
 */

/** What the file input offers (the upload pipeline's types). */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';
const TYPES = new Set(PHOTO_ACCEPT.split(','));

/**
 * The photos after the buyer picks `picked` (added after `current`): a file that is not a JPEG,
 * PNG, WebP or AVIF, or is over 10 MB, is left out, and so is any past `max`; `error` says
 * which and why (null when every pick was taken).
 */
export function addPhotos<F extends Pick<File, 'name' | 'type' | 'size'>>(
  current: readonly F[],
  picked: readonly F[],
  /** How many the request may still take (fewer once it has some). */
  max = MAX_RETURN_PHOTOS,
): { photos: F[]; error: string | null } {
  const photos = [...current];
  const problems: string[] = [];
  let over = 0;
  for (const file of picked) {
    if (!TYPES.has(file.type)) problems.push(`${file.name} is not a JPEG, PNG, WebP or AVIF photo.`);
    else if (file.size > MAX_UPLOAD_BYTES) problems.push(`${file.name} is larger than 10 MB.`);
    else if (photos.length >= max) over++;
    else photos.push(file);
  }
  if (over > 0) {
    const most =
      max === MAX_RETURN_PHOTOS ? `At most ${max} photos` : `Only ${max} more ${max === 1 ? 'photo' : 'photos'}`;
    problems.push(`${most}: ${over === 1 ? 'one was' : `${over} were`} left out.`);
  }
  return { photos, error: problems.length ? problems.join(' ') : null };
}

/** A thumbnail's size as the API stores it (320 pixels wide, or the photo's own width when narrower). */
export function thumbSize(photo: Pick<ReturnPhoto, 'width' | 'height'>): { width: number; height: number } {
  const width = Math.min(320, photo.width);
  return { width, height: Math.round((photo.height * width) / photo.width) };
}
