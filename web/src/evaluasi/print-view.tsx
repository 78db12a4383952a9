import { useEffect } from 'react';
import { useParams } from 'react-router';
import { api } from '../core/api';
import { tanggal } from '../core/format';
import { T } from '../core/texts';
import { useLoad } from './hooks';
import { BackLink, LoadState, regionOf } from './parts';
import { Averages, Moves, Regions, StateCounts } from './summary';
import type { Summary } from './types';

const E = T.evaluasi;
const P = E.print;

/** /evaluasi/:id/cetak: the rekap alone, with its title, region, period and the day it was printed. */
export function PrintView() {
  const { id = '' } = useParams();
  const summary = useLoad(async () => (await api<Summary>('GET', `/api/evaluasi/${encodeURIComponent(id)}/rekap`)).data, [id]);
  const round = summary.data?.evaluasi;
  useEffect(() => {
    if (round) document.title = `${P.title(round.nama)} · ${tanggal(today())}`;
  }, [round]);
  if (!summary.data || !round) return <LoadState loaded={summary} notFound={E.notFound} />;
  return (
    <article className="print-view">
      <BackLink to={`/${encodeURIComponent(id)}`}>{E.backToRound}</BackLink>
      <div className="actions no-print">
        <button type="button" className="primary" onClick={() => window.print()}>
          {P.button}
        </button>
      </div>
      <h1>{P.title(round.nama)}</h1>
      <dl className="facts">
        <div>
          <dt>{P.region}</dt>
          <dd>{regionOf(round)}</dd>
        </div>
        <div>
          <dt>{P.period}</dt>
          <dd>{E.period(tanggal(round.mulai), tanggal(round.selesai))}</dd>
        </div>
        <div>
          <dt>{E.form.batas}</dt>
          <dd>{tanggal(round.batas_mandiri)}</dd>
        </div>
      </dl>
      <p className="printed">{P.printed(tanggal(today()))}</p>
      <StateCounts summary={summary.data} />
      <Moves summary={summary.data} />
      <Averages summary={summary.data} />
      <Regions summary={summary.data} />
    </article>
  );
}

/** Today in the browser's own time zone, YYYY-MM-DD. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
