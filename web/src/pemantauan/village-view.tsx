import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { api } from '../core/api';
import { angka } from '../core/format';
import { isOffice, type Session } from '../core/session';
import { T } from '../core/texts';
import { useLoad } from '../evaluasi/hooks';
import { BackLink, LoadState } from './parts';
import { defaultMonth, monthName, monthPlus, monthsBack, thisMonth } from './months';
import { Flags, ReportForm } from './report-form';
import type { Report, VillageMonths } from './types';

const P = T.pemantauan;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * /pemantauan/desa/:kd (mails link here): one village's last 12 months and the form of the
 * month chosen (`?bulan=YYYY-MM`; by default the latest due month without a report). A month
 * older than the twelve widens the list to reach it.
 */
export function VillageView({ session }: { session: Session }) {
  const { kd = '' } = useParams();
  const [params] = useSearchParams();
  const now = thisMonth();
  const asked = params.get('bulan') ?? '';
  const wanted = MONTH.test(asked) && asked <= now && asked >= '2000-01' ? asked : '';
  const dari = wanted && wanted < monthPlus(now, -11) ? wanted : monthPlus(now, -11);
  const months = useLoad(
    async () =>
      (await api<VillageMonths>('GET', `/api/pemantauan/desa/${encodeURIComponent(kd)}?${new URLSearchParams({ dari, sampai: now })}`))
        .data,
    [kd, dari, now],
  );
  useEffect(() => {
    if (months.data) document.title = `${months.data.nama_desa} · ${P.title} · ${T.appName}`;
  }, [months.data]);
  // a month chosen from the list: its form comes into view (on a phone it is above the list)
  const shown = useRef('');
  useEffect(() => {
    if (!wanted) return;
    if (shown.current) document.getElementById('judul-laporan')?.scrollIntoView({ block: 'start' });
    shown.current = wanted;
  }, [wanted]);
  const back = <BackLink to="/">{isOffice(session) ? P.backOffice : P.back}</BackLink>;
  if (!months.data)
    return (
      <>
        {back}
        <LoadState loaded={months} notFound={P.notFound} />
      </>
    );
  const v = months.data;
  const byMonth = new Map(v.laporan.map((r) => [r.bulan, r]));
  const bulan = wanted || defaultMonth(v.belum_lapor, byMonth, now);
  const list = monthsBack(now, 12);
  if (!list.includes(bulan)) list.push(bulan);
  const saved = (r: Report) =>
    months.set({
      ...v,
      laporan: [...v.laporan.filter((x) => x.bulan !== r.bulan), r],
      belum_lapor: v.belum_lapor.filter((m) => m !== r.bulan),
    });

  return (
    <>
      {back}
      <h1>{v.nama_desa}</h1>
      <p className="lead">{isOffice(session) ? P.leadVillageOffice : P.leadManager}</p>
      <div className="village-layout">
        <ReportForm key={bulan} kd={kd} desa={v.nama_desa} bulan={bulan} report={byMonth.get(bulan)} session={session} onSaved={saved} />
        <section className="card" aria-labelledby="judul-bulan">
          <h2 id="judul-bulan">{P.monthsTitle}</h2>
          <ul className="months" data-months>
            {list.map((m) => {
              const r = byMonth.get(m);
              const label = isOffice(session) || r?.diverifikasi ? P.view : r ? P.change : P.fill;
              return (
                <li key={m} data-bulan={m} aria-current={m === bulan ? 'true' : undefined}>
                  <span className="month-name">{monthName(m)}</span>
                  <span className="month-line">{r ? P.monthLine(angka(r.wisnus), angka(r.wisman), angka(r.pendapatan)) : ''}</span>
                  {r || m !== now ? <Flags report={r} /> : <span className="badge state-belum">{P.states.berjalan}</span>}
                  <Link to={`?bulan=${m}`} aria-label={`${label} ${monthName(m)}`} className="month-link">
                    {label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      </div>
    </>
  );
}
