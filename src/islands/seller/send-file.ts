import { API_BASE, ApiRequestError } from '../../lib/api';

/**
 * Sends one file as multipart (field `file`) and reports how much has gone up: fetch cannot tell
 * upload progress, XMLHttpRequest can. Answers the parsed JSON body; a failure raises
 * ApiRequestError with the server's message and body, as the shop's `api` helper does.
 */
export function sendFile<T>(path: string, file: Blob, name: string, onProgress: (sent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: { message?: string; code?: string; errors?: Record<string, string> } | undefined;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else
        reject(
          new ApiRequestError(
            body?.message ?? `Request failed: ${xhr.status}`,
            xhr.status,
            body?.code,
            body,
            body?.errors,
          ),
        );
    };
    xhr.onerror = () => reject(new ApiRequestError('The connection failed. Check your network and try again.', 0));
    const form = new FormData();
    form.set('file', file, name);
    xhr.send(form);
  });
}
