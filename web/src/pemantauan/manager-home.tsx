import { useEffect } from 'react';
import { Link } from 'react-router';
import { api } from '../core/api';
import { Notice } from '../core/components';
import type { Session } from '../core/session';
import { T } from '../core/texts';
import { useLoad } from '../evaluasi/hooks';
import { LoadState } from './parts';
import { defaultMonth, monthName, monthsBack, thisMonth } from './months';
import { Flags } from './report-form';
import type { Village, VillageMonths } from './types';

const P = T.pemantauan;

/** /pemantauan for a manager: each of his villages with its last 12 months and a way to the month still due. */
export function ManagerHome({ session }: { session: Session }) {
  const villages = useLoad(
    async () => (await api<Village[]>('GET', `/api/desa-wisata/email/${encodeURIComponent(session.user.email)}`)).data,
    [session.user.email],
  );
  useEffect(() => {
    document.title = `${P.title} · ${T.appName}`;
  }, []);
  return (
    <>
      <h1>{P.title}</h1>
      <p className="lead">{P.leadManager}</p>
      {!villages.data ? (
        <LoadState loaded={villages} />
      ) : villages.data.length === 0 ? (
        <Notice kind="info">{P.noVillages}</Notice>
      ) : (
        villages.data.map((v) => <VillageCard key={v.kd_desa} village={v} />)
      )}
    </>
  );
}

function VillageCard({ village }: { village: Village }) {
  const kd = village.kd_desa;
  const months = useLoad(async () => (await api<VillageMonths>('GET', `/api/pemantauan/desa/${encodeURIComponent(kd)}`)).data, [kd]);
  const now = thisMonth();
  const headingId = `desa-${kd}`;
  const due = months.data?.belum_lapor ?? [];
  const byMonth = new Map((months.data?.laporan ?? []).map((r) => [r.bulan, r]));
  const target = defaultMonth(due, byMonth, now);
  return (
    <section className="card" aria-labelledby={headingId} data-kd={kd}>
      <h2 id={headingId}>{village.nama_desa}</h2>
      <p className="muted">{`${village.kabupaten}, ${village.provinsi}`}</p>
      {!months.data ? (
        <LoadState loaded={months} />
      ) : (
        <>
          {due.length ? (
            <p className="notice warn" data-due>
              {P.due(due.map(monthName).join(', '))}
            </p>
          ) : (
            byMonth.has(target) && <p className="muted">{P.allDone}</p>
          )}
          <p className="actions">
            <Link className="button primary" to={`/desa/${encodeURIComponent(kd)}?bulan=${target}`}>
              {P.fillMonth(monthName(target))}
            </Link>
          </p>
          <ul className="months compact">
            {monthsBack(now, 12).map((m) => (
              <li key={m} data-bulan={m}>
                <Link to={`/desa/${encodeURIComponent(kd)}?bulan=${m}`} className="month-name">
                  {monthName(m)}
                </Link>
                {byMonth.get(m) || m !== now ? (
                  <Flags report={byMonth.get(m)} />
                ) : (
                  <span className="badge state-belum">{P.states.berjalan}</span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
