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
