import { type ChangeEvent, useId, useRef, useState } from 'react';
import { ApiRequestError } from '../../lib/api';
import type { UploadedPhoto } from '../../lib/contract/uploads';
import { resolveImage } from '../../lib/images';
import { MAX_PHOTOS, PRODUCT_LABELS } from '../../lib/product-rules';
import { sendFile } from './send-file';

/** What the upload call takes (docs/decisions/012); checked here too so a wrong file fails at once. */
const TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'];
const MAX_BYTES = 10 * 1024 * 1024;

type Sending = { id: number; name: string; sent: number; error?: string };

/**
 * A product's photos, in order (the first is the main one): upload several (progress while each
 * goes up and is processed), move each left or right with buttons (keyboard and screen-reader
 * friendly, unlike drag and drop), remove.
 */
export function PhotoManager({
  photos,
  onChange,
  error,
}: {
  photos: string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState<Sending[]>([]);
  const [announce, setAnnounce] = useState('');
  const latest = useRef(photos);
  latest.current = photos;

  const move = (from: number, to: number) => {
    const next = [...photos];
    const [photo] = next.splice(from, 1);
    next.splice(to, 0, photo);
    onChange(next);
    setAnnounce(`Photo moved to position ${to + 1} of ${next.length}`);
    // Keep the keyboard on the photo that moved.
    requestAnimationFrame(() =>
      document.getElementById(`${inputId}-photo-${to}-${to > from ? 'right' : 'left'}`)?.focus(),
    );
  };
  const remove = (index: number) => {
    onChange(photos.filter((_, i) => i !== index));
    setAnnounce(`Photo ${index + 1} removed`);
  };

  async function add(e: ChangeEvent<HTMLInputElement>) {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    let room = MAX_PHOTOS - latest.current.length;
    for (const file of files) {
      const id = Math.random();
      const entry: Sending = { id, name: file.name, sent: 0 };
      const update = (patch: Partial<Sending>) =>
        setSending((list) => list.map((s) => (s.id === id ? { ...s, ...patch } : s)));
      setSending((list) => [...list, entry]);
      if (room <= 0) {
        update({ error: `At most ${MAX_PHOTOS} photos a product` });
        continue;
      }
      if (!TYPES.includes(file.type)) {
        update({ error: 'Not a JPEG, PNG, WebP or AVIF photo' });
        continue;
      }
      if (file.size > MAX_BYTES) {
        update({ error: `Larger than 10 MB (${(file.size / 1024 / 1024).toFixed(1)} MB)` });
        continue;
      }
      room--;
      try {
        const photo = await sendFile<UploadedPhoto>('/seller/uploads', file, file.name, (sent) => update({ sent }));
        onChange([...latest.current, photo.url]);
        setSending((list) => list.filter((s) => s.id !== id));
        setAnnounce(`${file.name} added`);
      } catch (err) {
        room++;
        update({ error: err instanceof ApiRequestError ? err.message : 'Upload failed. Try again.' });
      }
    }
  }

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={error ? `${inputId}-error` : undefined}>
      <legend className="label">{PRODUCT_LABELS.images}</legend>
      <p className="text-sm text-muted">JPEG, PNG, WebP or AVIF, up to 10 MB each. The first photo is the main one.</p>
      {photos.length > 0 && (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {photos.map((url, i) => (
            <li key={url} className="card overflow-hidden">
              <img
                src={resolveImage(url)}
                alt={`Photo ${i + 1}${i === 0 ? ' (main)' : ''}`}
                width={240}
                height={240}
                className="aspect-square w-full bg-surface object-cover"
              />
              <div className="flex items-center justify-between gap-1 p-1">
                <button
                  type="button"
                  id={`${inputId}-photo-${i}-left`}
                  className="btn btn-ghost btn-sm px-2"
                  disabled={i === 0}
                  aria-label={`Move photo ${i + 1} left`}
                  onClick={() => move(i, i - 1)}
                >
                  <span aria-hidden="true">←</span>
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm px-2 text-danger"
                  aria-label={`Remove photo ${i + 1}`}
                  onClick={() => remove(i)}
                >
                  Remove
                </button>
                <button
                  type="button"
                  id={`${inputId}-photo-${i}-right`}
                  className="btn btn-ghost btn-sm px-2"
                  disabled={i === photos.length - 1}
                  aria-label={`Move photo ${i + 1} right`}
                  onClick={() => move(i, i + 1)}
                >
                  <span aria-hidden="true">→</span>
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {sending.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label="Photos being uploaded">
          {sending.map((s) => (
            <li key={s.id} className="rounded-lg border border-line p-2 text-sm">
              <div className="flex items-center justify-between gap-2">
                <span className="min-w-0 truncate">{s.name}</span>
                {s.error ? (
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    onClick={() => setSending((list) => list.filter((x) => x.id !== s.id))}
                  >
                    Dismiss
                  </button>
                ) : null}
              </div>
              {s.error ? (
                <p className="field-error" role="alert">
                  {s.error}
                </p>
              ) : (
                <>
                  <progress
                    className="mt-1 h-2 w-full accent-brand-700"
                    max={1}
                    value={s.sent < 1 ? s.sent : undefined}
                    aria-label={`Uploading ${s.name}`}
                  />
                  <p className="text-xs text-muted">
                    {s.sent < 1 ? `Uploading… ${Math.round(s.sent * 100)}%` : 'Processing photo…'}
                  </p>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <div>
        <button type="button" className="btn btn-secondary" onClick={() => input.current?.click()}>
          Add photos
        </button>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={TYPES.join(',')}
          onChange={add}
          hidden
          aria-label="Photo files"
        />
      </div>
      {error && (
        <p id={`${inputId}-error`} className="field-error">
          {error}
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
    </fieldset>
  );
}
