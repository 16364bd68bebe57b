import type { z } from 'zod';

/** The API's base on this origin (spec §7: a versioned /api base). */
export const API_BASE = '/api/v1';

/** What every failed call raises: the server's message (or the spec's fallback), the status and the body. */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly data?: unknown,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Options = { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal; cache?: RequestCache };

/**
 * The one fetch helper (spec §7, §8). Always sends the session cookie (httpOnly, so no token is
 * ever kept where scripts can read it); JSON bodies (or a FormData, sent as multipart); 204 or an empty body gives undefined.
 * With a schema, the answer is parsed by the same contract the server validates with.
 */
export async function request<T = unknown>(
  method: Method,
  path: string,
  options: Options = {},
  schema?: z.ZodType<T>,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const hasBody = options.body !== undefined && method !== 'GET';
  // A form (files) sets its own multipart type and boundary.
  const isForm = options.body instanceof FormData;
  if (hasBody && !isForm) headers['Content-Type'] = 'application/json';
  const response = await fetch(path.startsWith('http') ? path : `${API_BASE}${path}`, {
    method,
    headers,
    credentials: 'include',
    body: hasBody ? (isForm ? (options.body as FormData) : JSON.stringify(options.body)) : undefined,
    signal: options.signal,
    cache: options.cache,
  });
  if (!response.ok) throw await toError(response);
  const text = response.status === 204 ? '' : await response.text();
  if (!text) return undefined as T;
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  const data: unknown = isJson ? JSON.parse(text) : text;
  return schema ? schema.parse(data) : (data as T);
}

async function toError(response: Response): Promise<ApiRequestError> {
  let body: { message?: unknown; code?: unknown; errors?: unknown } | undefined;
  try {
    body = await response.json();
  } catch {
    return new ApiRequestError(`Request failed: ${response.status} ${response.statusText}`.trim(), response.status);
  }
  const message = typeof body?.message === 'string' ? body.message : `HTTP error ${response.status}`;
  return new ApiRequestError(
    message,
    response.status,
    typeof body?.code === 'string' ? body.code : undefined,
    body,
    body?.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string>) : undefined,
  );
}

export const api = {
  get: <T>(path: string, schema?: z.ZodType<T>, signal?: AbortSignal) => request<T>('GET', path, { signal }, schema),
  post: <T>(path: string, body?: unknown, schema?: z.ZodType<T>, headers?: Record<string, string>) =>
    request<T>('POST', path, { body, headers }, schema),
  /** A multipart form (files beside their fields), e.g. a return request with its photos. */
  postForm: <T>(path: string, form: FormData, schema?: z.ZodType<T>) =>
    request<T>('POST', path, { body: form }, schema),
  put: <T>(path: string, body?: unknown, schema?: z.ZodType<T>) => request<T>('PUT', path, { body }, schema),
  delete: <T>(path: string, body?: unknown, schema?: z.ZodType<T>) => request<T>('DELETE', path, { body }, schema),
};
