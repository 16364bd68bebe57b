import { useId, useRef, useState } from 'react';
import { API_BASE } from '../../lib/api';
import { resolveImage } from '../../lib/images';

/**
 * One store photo (logo or banner): shows the current one, uploads a new one through
 * POST /seller/uploads with a progress bar (the photo is checked and sized on the server, which
 * takes a moment after the bytes are sent), then hands its URL back to be saved with the store.
 */
export function PhotoUpload({
  label,
  hint,
  url,
  shape,
  onUploaded,
  onRemove,
}: {
  label: string;
  hint: string;
  url: string | null;
  shape: 'round' | 'wide';
  onUploaded: (url: string) => Promise<void>;
  onRemove: () => Promise<void>;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const upload = (file: File) => {
    setError(null);
    setProgress(0);
    const form = new FormData();
    form.set('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/seller/uploads`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setProgress(Math.round((e.loaded / e.total) * 100));
      if (e.loaded === e.total) setProcessing(true);
    };
    const done = () => {
      setProgress(null);
      setProcessing(false);
      if (input.current) input.current.value = '';
    };
    xhr.onerror = () => {
      done();
      setError('The upload failed. Please check your connection and try again.');
    };
    xhr.onload = async () => {
      let body: { url?: string; message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {}
      if (xhr.status !== 201 || !body.url) {
        done();
        setError(body.message ?? `The upload failed (${xhr.status}). Please try again.`);
        return;
      }
      try {
        await onUploaded(body.url);
      } catch (e) {
        setError(e instanceof Error ? e.message : 'Could not save the photo. Please try again.');
      }
      done();
    };
    xhr.send(form);
  };

  const busy = progress !== null;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <div
        className={`shrink-0 overflow-hidden border border-line bg-surface ${shape === 'round' ? 'h-24 w-24 rounded-full' : 'aspect-[4/1] w-full sm:w-64 rounded-lg'}`}
      >
        {url ? (
          <img src={resolveImage(url)} alt={`Current ${label.toLowerCase()}`} className="h-full w-full object-cover" />
        ) : (
          <span className="flex h-full items-center justify-center p-2 text-center text-xs text-muted">
            No {label.toLowerCase()} yet
          </span>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <p className="font-medium" id={`${id}-label`}>
          {label}
        </p>
        <p className="text-sm text-muted" id={`${id}-hint`}>
          {hint}
        </p>
        <div className="flex flex-wrap gap-2">
          <label className={`btn btn-secondary btn-sm ${busy ? 'pointer-events-none opacity-50' : 'cursor-pointer'}`}>
            {url ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
            <input
              ref={input}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif"
              className="sr-only"
              disabled={busy}
              aria-describedby={`${id}-hint`}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) upload(file);
              }}
            />
          </label>
          {url && !busy && (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => onRemove().catch((e: Error) => setError(e.message))}
            >
              Remove
            </button>
          )}
        </div>
        {busy && (
          <div role="status" className="flex flex-col gap-1 text-sm">
            <progress
              className="h-2 w-full accent-brand-700"
              max={100}
              value={progress ?? 0}
              aria-label={`Uploading ${label.toLowerCase()}`}
            />
            <span>{processing ? 'Preparing your photo…' : `Uploading… ${progress}%`}</span>
          </div>
        )}
        {error && (
          <p role="alert" className="field-error">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
