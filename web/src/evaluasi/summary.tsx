import { Fragment } from 'react';
import { NumCells, NumHeads, TableScroll } from '../core/components';
import { angka } from '../core/format';
import { T } from '../core/texts';
import { StateBadge } from './parts';
import { CRITERIA, VILLAGE_STATES, type Criterion, type Figures, type RegionFigures, type Summary, type VillageState } from './types';

const E = T.evaluasi;
const R = E.round;

const countOf = (f: Figures, s: VillageState) => f[s] ?? 0;
const mean = (v: number | null | undefined) =>
  v === null || v === undefined ? '–' : v.toLocaleString('id-ID', { maximumFractionDigits: 1 });

/** The villages in scope and how many are in each state. */
export function StateCounts({ summary }: { summary: Summary }) {
  return (
    <ul className="counts" aria-label={R.rekap}>
      <li data-rekap="desa">
        <span>{R.inScope}</span>
        <b>{angka(summary.desa)}</b>
      </li>
      {VILLAGE_STATES.map((s) => (
        <li key={s} data-rekap={s} className={`state-${s}`}>
          <span>{E.villageStates[s]}</span>
          <b>{angka(countOf(summary, s))}</b>
        </li>
      ))}
    </ul>
  );
}

/** How the reviews moved the villages' categories. */
export function Moves({ summary }: { summary: Summary }) {
  if (!summary.gerak) return null;
  const g = summary.gerak;
  return (
    <>
      <h3>{R.movesTitle}</h3>
      <ul className="counts">
        {(['naik', 'tetap', 'turun', 'baru'] as const).map((k) => (
          <li key={k} data-rekap={`gerak-${k}`}>
            <span>{E.moves[k]}</span>
            <b>{angka(g[k])}</b>
          </li>
        ))}
      </ul>
    </>
  );
}

/** One table of the mean self-score beside the mean review per criterion, under its caption. */
function MeansTable(props: {
  id: string;
  caption: string;
  mandiri: string;
  dinas: string;
  values: (c: Criterion) => [number | null | undefined, number | null | undefined];
  weakest?: string | null;
}) {
  return (
    <div className="table-wrap">
      <table data-averages={props.id}>
        <caption className="muted">{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{R.criterion}</th>
            <NumHeads labels={[props.mandiri, props.dinas]} />
          </tr>
        </thead>
        <tbody>
          {CRITERIA.map((c) => {
            const weakest = props.weakest === c;
            const [m, d] = props.values(c);
            return (
              <tr key={c} data-kriteria={c} className={weakest ? 'weakest' : undefined}>
                <th scope="row">
                  {E.kriteria[c]}
                  {weakest && <strong>{R.weakestMark}</strong>}
                </th>
                <NumCells values={[mean(m), mean(d)]} />
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The mean self-score beside the mean review per criterion: first over the same villages (those
 * submitted and reviewed, `n_banding`), then over all submitted and all reviewed, each with its n.
 * A round whose counters predate the comparison (null) shows the second table alone.
 */
export function Averages({ summary }: { summary: Summary }) {
  const n = summary.n_banding ?? null;
  const same = summary.rata_rata_banding;
  const nMandiri = angka(summary.mandiri_diajukan ?? 0);
  const nDinas = angka(summary.dinilai);
  return (
    <>
      <h3 id="judul-rata">{R.averagesTitle}</h3>
      <p data-averages-n={n ?? ''}>
        <strong>{n === null ? R.averagesNoComparison : R.averagesSame(n, angka(n))}</strong>
      </p>
      {n !== null && n > 0 && same && (
        <MeansTable
          id="banding"
          caption={R.averagesSameCaption(angka(n))}
          mandiri={R.mandiri}
          dinas={R.dinas}
          values={(c) => [same.mandiri[c], same.dinas[c]]}
        />
      )}
      <MeansTable
        id="semua"
        caption={R.averagesApart(nMandiri, nDinas)}
        mandiri={R.withN(R.mandiri, nMandiri)}
        dinas={R.withN(R.dinas, nDinas)}
        values={(c) => [summary.kriteria[c]?.mandiri, summary.kriteria[c]?.penilaian]}
        weakest={summary.kriteria_terlemah}
      />
    </>
  );
}

type Counts = Record<VillageState | 'desa', number>;
/** The villages and each state's count, summed over regions. */
function countsOf(regions: readonly Figures[]): Counts {
  const c: Counts = { desa: 0, belum: 0, draf: 0, dikembalikan: 0, diajukan: 0, dinilai: 0 };
  for (const f of regions) {
    c.desa += f.desa;
    for (const s of VILLAGE_STATES) c[s] += countOf(f, s);
  }
  return c;
}

/** Per kabupaten every state's count and the weakest criterion, a subtotal per province and the total. */
export function Regions({ summary }: { summary: Summary }) {
  const byProvince = new Map<string, RegionFigures[]>();
  for (const w of summary.wilayah) byProvince.set(w.provinsi, [...(byProvince.get(w.provinsi) ?? []), w]);
  const total = countsOf(summary.wilayah);
  const cells = (f: Counts) => (
    <>
      <td className="num" data-label={R.desa}>
        {angka(f.desa)}
      </td>
      {VILLAGE_STATES.map((s) => (
        <td key={s} className="num" data-state={s} data-label={E.villageStatesShort[s]}>
          {angka(f[s])}
        </td>
      ))}
    </>
  );
  return (
    <>
      <h3 id="judul-wilayah">{R.regionsTitle}</h3>
      <TableScroll labelledBy="judul-wilayah">
        <table className="regions">
          <thead>
            <tr>
              <th scope="col">{R.kabupaten}</th>
              <NumHeads labels={[R.desa, ...VILLAGE_STATES.map((s) => <StateBadge key={s} state={s} short />)]} />
              <th scope="col">{R.weakest}</th>
            </tr>
          </thead>
          <tbody>
            {[...byProvince.entries()].map(([provinsi, rows]) => {
              const sub = countsOf(rows);
              return (
                <Fragment key={provinsi}>
                  {rows.map((w) => (
                    <tr key={w.kabupaten} data-kabupaten={w.kabupaten}>
                      <th scope="row">
                        {w.kabupaten}
                        <small className="muted block">{w.provinsi}</small>
                      </th>
                      {cells(countsOf([w]))}
                      <td data-label={`${R.weakest}:`}>
                        {w.kriteria_terlemah ? (E.kriteria[w.kriteria_terlemah as keyof typeof E.kriteria] ?? '–') : '–'}
                      </td>
                    </tr>
                  ))}
                  <tr className="subtotal" data-provinsi={provinsi}>
                    <th scope="row">{R.subtotal(provinsi)}</th>
                    {cells(sub)}
                    <td className="empty" />
                  </tr>
                </Fragment>
              );
            })}
          </tbody>
          <tfoot>
            <tr className="total">
              <th scope="row">{R.total}</th>
              {cells(total)}
              <td className="empty" />
            </tr>
          </tfoot>
        </table>
      </TableScroll>
    </>
  );
}
