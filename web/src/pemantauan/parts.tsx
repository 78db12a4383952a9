import { Link } from 'react-router';
import { Notice } from '../core/components';
import { T } from '../core/texts';
import type { Loaded } from '../evaluasi/hooks';

/** What a view shows while its data loads, or the API's message when it could not. */
export function LoadState({ loaded, notFound }: { loaded: Omit<Loaded<unknown>, 'set' | 'reload'>; notFound?: string }) {
  if (loaded.loading && loaded.data === undefined) return <p aria-live="polite">{T.loading}</p>;
  if (loaded.error) return <Notice kind="error">{loaded.status === 404 && notFound ? notFound : loaded.error}</Notice>;
  return null;
}

export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <p className="back">
      <Link to={to}>{children}</Link>
    </p>
  );
}

/** A list's pages: the one shown of how many, and a step back and on (nothing while one page holds all). */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const P = T.pemantauan;
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={P.pager}>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {P.prev}
      </button>
      <span>{P.pageOf(page, pages)}</span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {P.next}
      </button>
    </nav>
  );
}
