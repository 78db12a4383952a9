import { currentSession, sessionExpired } from './session';
import { T } from './texts';

/**
 * One request to the API, same origin. Success → the envelope's `data` (and `message`);
 * anything else → ApiError with the API's own Indonesian message, its HTTP status and, where
 * the API names them, the fields it refused (`fields`, key → message).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface Answer<D> {
  data: D;
  message?: string;
  /** A paged list's place (`page`, `limit`, `total`, `pages`), where the API sends it. */
  pagination?: Record<string, number>;
  status: number;
  headers: Headers;
}

export async function api<D = unknown>(method: string, path: string, body?: unknown): Promise<Answer<D>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const s = currentSession();
  if (s) headers.Authorization = `Bearer ${s.token}`;
  const init: RequestInit = { method, headers };
  if (body instanceof FormData || body instanceof Blob) init.body = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let r: Response;
  try {
    r = await fetch(path, init);
  } catch {
    throw new ApiError(T.offline, 0);
  }
  const b = (await r.json().catch(() => ({}))) as {
    status?: string;
    data?: D;
    message?: string;
    fields?: Record<string, string>;
    pagination?: Record<string, number>;
  };
  if (r.ok && b.status === 'success')
    return { data: b.data as D, message: b.message, pagination: b.pagination, status: r.status, headers: r.headers };
  if (r.status === 401 && s) sessionExpired();
  throw new ApiError(b.message ?? T.httpFailed(r.status), r.status, b.fields ?? {});
}

/** The error's text for people: an ApiError's message, else a generic one (never a stack). */
export function messageOf(err: unknown): string {
  return err instanceof ApiError ? err.message : T.offline;
}

/**
 * `api('POST', path, form)` with upload progress (fetch reports none): `onProgress` gets the
 * share sent, 0–1. Same answers and errors as `api`.
 */
export function apiUpload<D = unknown>(path: string, form: FormData, onProgress: (share: number) => void): Promise<Answer<D>> {
  return new Promise((resolve, reject) => {
    const s = currentSession();
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    if (s) xhr.setRequestHeader('Authorization', `Bearer ${s.token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(T.offline, 0));
    xhr.onload = () => {
      let b: { status?: string; data?: D; message?: string; fields?: Record<string, string> };
      try {
        b = JSON.parse(xhr.responseText);
      } catch {
        b = {};
      }
      if (xhr.status >= 200 && xhr.status < 300 && b.status === 'success') {
        onProgress(1);
        resolve({ data: b.data as D, message: b.message, status: xhr.status, headers: new Headers() });
        return;
      }
      if (xhr.status === 401 && s) sessionExpired();
      reject(new ApiError(b.message ?? T.httpFailed(xhr.status), xhr.status, b.fields ?? {}));
    };
    xhr.send(form);
  });
}
