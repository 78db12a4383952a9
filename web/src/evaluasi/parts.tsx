import { Link } from 'react-router';
import { Badge, Notice, Outcome } from '../core/components';
import { hariMenuju, tanggal } from '../core/format';
import { T } from '../core/texts';
import type { Loaded, Result } from './hooks';
import type { Round } from './types';

const E = T.evaluasi;

/** A round's state in its word and colour. */
export function RoundBadge({ round }: { round: Round }) {
  return <Badge state={round.status}>{E.roundStates[round.status] ?? round.status}</Badge>;
}

/** A village's state in this round, in its word and colour. */
export function StateBadge({ state, short }: { state: string; short?: boolean }) {
  return <Badge state={state}>{(short ? E.villageStatesShort : E.villageStates)[state] ?? state}</Badge>;
}

export const regionOf = (r: { provinsi?: string; kabupaten?: string }) => E.region(r.provinsi, r.kabupaten);

/** The line about the self-assessment deadline: days left while it is open. */
export function deadlineText(r: Round): string {
  if (r.status === 'akan_datang') return E.startsOn(tanggal(r.mulai));
  if (r.status === 'penilaian_mandiri') return E.deadline(tanggal(r.batas_mandiri), T.daysLeft(hariMenuju(r.batas_mandiri)));
  return E.deadlinePassed(tanggal(r.batas_mandiri));
}

/** The deadline with the days left while the self-assessment is open ("8 Desember 2026 (11 hari lagi)"). */
function deadlineShort(r: Round): string {
  const day = tanggal(r.batas_mandiri);
  if (r.status === 'penilaian_mandiri') return E.withNote(day, T.daysLeft(hariMenuju(r.batas_mandiri)));
  return E.withNote(day, r.status === 'akan_datang' ? E.startsOn(tanggal(r.mulai)) : E.closed);
}

/** A round's region (unless `noRegion`), period and deadline. */
export function RoundFacts({ round, noRegion }: { round: Round; noRegion?: boolean }) {
  return (
    <dl className="facts">
      {!noRegion && (
        <div>
          <dt>{E.print.region}</dt>
          <dd>{regionOf(round)}</dd>
        </div>
      )}
      <div>
        <dt>{E.print.period}</dt>
        <dd>{E.period(tanggal(round.mulai), tanggal(round.selesai))}</dd>
      </div>
      <div>
        <dt>{E.form.batas}</dt>
        <dd data-deadline>{deadlineShort(round)}</dd>
      </div>
    </dl>
  );
}

/** What a view shows while its data loads or when it could not (the API's message, in view). */
export function LoadState({ loaded, notFound }: { loaded: Omit<Loaded<unknown>, 'set' | 'reload'>; notFound?: string }) {
  if (loaded.loading && loaded.data === undefined) return <p aria-live="polite">{T.loading}</p>;
  if (loaded.error)
    return (
      <>
        <Notice kind="error">{loaded.status === 404 && notFound ? notFound : loaded.error}</Notice>
        <p>
          <Link to="/">{E.back}</Link>
        </p>
      </>
    );
  return null;
}

/** A form's bar kept at the bottom of the screen: the last step's result, "save as draft" (the form's submit) and the step that sends it on. */
export function ActionBar(p: { outcome?: Result; busy: boolean; draft: string; send: string; onSend: () => void }) {
  return (
    <div className="action-bar">
      <Outcome of={p.outcome} />
      <div className="actions">
        <button type="submit" disabled={p.busy}>
          {p.busy ? T.busy : p.draft}
        </button>
        <button type="button" className="primary" disabled={p.busy} onClick={p.onSend}>
          {p.send}
        </button>
      </div>
    </div>
  );
}

export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <p className="back no-print">
      <Link to={to}>{children}</Link>
    </p>
  );
}
