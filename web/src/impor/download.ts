import { ApiError } from '../core/api';
import { currentSession, sessionExpired } from '../core/session';
import { T } from '../core/texts';

/**
 * Downloads a file answer of the API (the import routes answer the file itself, no `tautan=1`
 * link): fetched with the token, then saved from a blob: URL, which the CSP does not govern.
 * The file's name (from Content-Disposition).
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const s = currentSession();
  let r: Response;
  try {
    r = await fetch(path, { headers: s ? { Authorization: `Bearer ${s.token}` } : {} });
  } catch {
    throw new ApiError(T.offline, 0);
  }
  if (!r.ok) {
    const b = (await r.json().catch(() => ({}))) as { message?: string };
    if (r.status === 401 && s) sessionExpired();
    throw new ApiError(b.message ?? T.httpFailed(r.status), r.status);
  }
  const name = /filename="([^"]+)"/.exec(r.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await r.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}
