import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormError } from '../../components/ui/FormError';
import { Modal } from '../../components/ui/Modal';
import { API_BASE, ApiRequestError, api } from '../../lib/api';
import { ReturnAnswer, type ReturnPhoto, type ReturnRequest } from '../../lib/contract/returns';
import { MAX_RETURN_PHOTOS } from '../../lib/returns';
import { addPhotos, PHOTO_ACCEPT, thumbSize } from './return-photos';

/**
 * The buyer's photos on the return form (decision 043): a labelled file input (several at once),
 * a preview of each with Remove, and what was left out and why. The photos go with the request.
 */
export function PhotoPicker({
  photos,
  onChange,
  max = MAX_RETURN_PHOTOS,
  label = `Photos (optional, up to ${MAX_RETURN_PHOTOS})`,
}: {
  photos: File[];
  onChange: (photos: File[]) => void;
  /** How many the request may still take. */
  max?: number;
  label?: string;
}) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const previews = useMemo(() => photos.map((f) => URL.createObjectURL(f)), [photos]);
  useEffect(
    () => () => {
      for (const url of previews) URL.revokeObjectURL(url);
    },
    [previews],
  );

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="label">
        {label}
      </label>
      <p id={hintId} className="text-xs text-muted">
        Show the problem: JPEG, PNG, WebP or AVIF, at most 10 MB each. Only you, the seller and the Yaad Market team see
        them.
      </p>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={PHOTO_ACCEPT}
        multiple
        aria-describedby={hintId}
        className="input text-sm file:mr-3 file:rounded-md file:border-0 file:bg-surface file:px-3 file:py-1"
        onChange={(e) => {
          const picked = Array.from(e.target.files ?? []);
          const next = addPhotos(photos, picked, max);
          setError(next.error);
          onChange(next.photos);
          e.target.value = '';
        }}
      />
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
      {photos.length > 0 ? (
        <ul className="flex flex-wrap gap-3" aria-label="Photos to send" data-testid="return-photo-previews">
          {photos.map((file, i) => (
            <li key={previews[i]} className="flex w-24 flex-col gap-1">
              <img
                src={previews[i]}
                alt={`Photo ${i + 1}: ${file.name}`}
                className="h-24 w-24 rounded-lg border border-line object-cover"
              />
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={`Remove photo ${i + 1} (${file.name})`}
                onClick={() => {
                  setError(null);
                  onChange(photos.filter((_, j) => j !== i));
                  input.current?.focus();
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * A request's photos as each side reads them (its own route: the buyer's, the seller's, the
 * operators'): thumbnails that open the photo larger in a dialog.
 */
export function ReturnPhotoList({ photos }: { photos: ReturnPhoto[] }) {
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0) return null;
  const shown = open === null ? undefined : photos[open];
  return (
    <section aria-label="The buyer’s photos" className="flex flex-col gap-2">
      <h3 className="text-sm font-bold">Photos</h3>
      <ul className="flex flex-wrap gap-3" data-testid="return-photos">
        {photos.map((p, i) => {
          const size = thumbSize(p);
          return (
            <li key={p.key}>
              <button
                type="button"
                className="block overflow-hidden rounded-lg border border-line focus-visible:outline-2"
                onClick={() => setOpen(i)}
              >
                <img
                  src={`${API_BASE}${p.thumb}`}
                  width={size.width}
                  height={size.height}
                  alt={`Photo ${i + 1} of ${photos.length}, open larger`}
                  className="h-24 w-24 object-cover"
                  loading="lazy"
                />
              </button>
            </li>
          );
        })}
      </ul>
      {shown && open !== null ? (
        <Modal title={`Photo ${open + 1} of ${photos.length}`} onClose={() => setOpen(null)}>
          <div className="flex flex-col gap-3 p-4">
            <img
              src={`${API_BASE}${shown.url}`}
              width={shown.width}
              height={shown.height}
              alt={`Photo ${open + 1} of ${photos.length} from the buyer`}
              className="h-auto max-h-[70vh] w-full rounded-lg object-contain"
              data-testid="return-photo-large"
            />
            <a href={`${API_BASE}${shown.url}`} target="_blank" rel="noopener" className="link self-start text-sm">
              Open full size<span className="sr-only"> in a new tab</span>
            </a>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}

/**
 * The buyer adds photos to its open request (up to MAX_RETURN_PHOTOS in all): chosen, previewed,
 * then sent together; the request comes back with them.
 */
export function AddPhotosForm({
  request,
  onAdded,
}: {
  request: ReturnRequest;
  onAdded: (request: ReturnRequest) => void;
}) {
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const room = MAX_RETURN_PHOTOS - request.photos.length;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (photos.length === 0) return setError('Choose a photo to add.');
    setBusy(true);
    setError(null);
    try {
      const form = new FormData();
      for (const photo of photos) form.append('photos', photo, photo.name);
      const answer = await api.postForm(`/returns/${encodeURIComponent(request.id)}/photos`, form, ReturnAnswer);
      setPhotos([]);
      onAdded(answer.request);
    } catch (err) {
      setError(err instanceof ApiRequestError || err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="flex flex-col gap-2" onSubmit={submit} noValidate aria-label="Add photos">
      <FormError message={error} id={errorId} />
      <PhotoPicker
        photos={photos}
        onChange={setPhotos}
        max={room}
        label={`Add photos (${room === 1 ? 'one more' : `up to ${room} more`})`}
      />
      <button type="submit" className="btn btn-secondary btn-sm self-start" disabled={busy}>
        {busy ? 'Sending…' : 'Add photos'}
      </button>
    </form>
  );
}
