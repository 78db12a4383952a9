import { useEffect } from 'react';
import { Link } from 'react-router';
import { api } from '../core/api';
import { Outcome } from '../core/components';
import { isOffice, type Session } from '../core/session';
import { T } from '../core/texts';
import { useArrivalResult, useLoad } from './hooks';
import { deadlineText, LoadState, regionOf, RoundBadge } from './parts';
import type { Round } from './types';

const E = T.evaluasi;

/** /evaluasi: the rounds, newest first, each with its state, region and deadline. */
export function RoundList({ session }: { session: Session }) {
  const office = isOffice(session);
  const rounds = useLoad(async () => (await api<Round[]>('GET', '/api/evaluasi')).data, []);
  const [arrival] = useArrivalResult();
  useEffect(() => {
    document.title = `${E.list.heading} · ${T.appName}`;
  }, []);
  return (
    <>
      <div className="heading-row">
        <h1>{E.list.heading}</h1>
        {office && (
          <Link className="button primary" to="/baru">
            {E.list.create}
          </Link>
        )}
      </div>
      <Outcome of={arrival} />
      <LoadState loaded={rounds} />
      {rounds.data &&
        (rounds.data.length === 0 ? (
          <p>{office ? E.list.none : E.list.noneManager}</p>
        ) : (
          <ul className="rounds">
            {rounds.data.map((r) => (
              <li key={r.id_evaluasi} className="card" data-round={r.id_evaluasi}>
                <h2>
                  <Link to={`/${encodeURIComponent(r.id_evaluasi)}`}>{r.nama}</Link>
                </h2>
                <p className="round-meta">
                  <RoundBadge round={r} /> <span>{regionOf(r)}</span>
                </p>
                <p className="round-meta muted">{deadlineText(r)}</p>
              </li>
            ))}
          </ul>
        ))}
    </>
  );
}
