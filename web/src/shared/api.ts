import { currentSession, signOut } from './session';
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
  const b = (await r.json().catch(() => ({}))) as { status?: string; data?: D; message?: string; fields?: Record<string, string> };
  if (r.ok && b.status === 'success') return { data: b.data as D, message: b.message, status: r.status, headers: r.headers };
  if (r.status === 401 && s) signOut();
  throw new ApiError(b.message ?? T.httpFailed(r.status), r.status, b.fields ?? {});
}

/** The error's text for people: an ApiError's message, else a generic one (never a stack). */
export function messageOf(err: unknown): string {
  return err instanceof ApiError ? err.message : T.offline;
}
