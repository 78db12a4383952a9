import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../core/api';
import { angka, tanggal } from '../core/format';
import { T } from '../core/texts';
import { useLoad } from './hooks';
import { LoadState, StateBadge } from './parts';
import { VILLAGE_STATES, type Summary, type VillageRow } from './types';

const E = T.evaluasi;
const R = E.round;

/** Above this many villages the list waits for a kabupaten to be chosen (read whole, then searched and sorted here). */
const WHOLE_LIST_MAX = 3000;
const PAGE = 1000;

type SortKey = 'nama' | 'wilayah' | 'status' | 'diajukan';
const SORTS: Record<SortKey, { label: string; compare: (a: VillageRow, b: VillageRow) => number }> = {
  nama: { label: R.sorts.nama, compare: (a, b) => a.nama_desa.localeCompare(b.nama_desa, 'id') },
  wilayah: {
    label: R.sorts.wilayah,
    compare: (a, b) => a.provinsi.localeCompare(b.provinsi, 'id') || a.kabupaten.localeCompare(b.kabupaten, 'id'),
  },
  status: { label: R.sorts.status, compare: (a, b) => VILLAGE_STATES.indexOf(a.status) - VILLAGE_STATES.indexOf(b.status) },
  diajukan: { label: R.sorts.diajukan, compare: (a, b) => (b.diajukan_at ?? '').localeCompare(a.diajukan_at ?? '') },
};

/** Every village of the round (or of one kabupaten), read a page of 1,000 at a time. */
async function allVillages(id: string, region: { provinsi?: string; kabupaten?: string }): Promise<VillageRow[]> {
  const rows: VillageRow[] = [];
  for (let page = 1; ; page++) {
    const q = new URLSearchParams({ page: String(page), limit: String(PAGE) });
    if (region.provinsi) q.set('provinsi', region.provinsi);
    if (region.kabupaten) q.set('kabupaten', region.kabupaten);
    const { data } = await api<VillageRow[]>('GET', `/api/evaluasi/${encodeURIComponent(id)}/desa?${q}`);
    rows.push(...data);
    if (data.length < PAGE) return rows;
  }
}

/** The office's list of the round's villages: by kabupaten and state, searched by name, sorted. */
export function VillageList({ id, summary }: { id: string; summary: Summary }) {
  const uid = useId();
  const [region, setRegion] = useState('');
  const [state, setState] = useState('');
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortKey>('nama');
  const tooMany = summary.desa > WHOLE_LIST_MAX && !region;
  const [provinsi, kabupaten] = region ? (JSON.parse(region) as [string, string]) : [];
  const villages = useLoad(async () => (tooMany ? [] : allVillages(id, { provinsi, kabupaten })), [id, region, tooMany]);
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (villages.data ?? [])
      .filter((v) => (!state || v.status === state) && (!q || v.nama_desa.toLowerCase().includes(q)))
      .sort(SORTS[sort].compare);
  }, [villages.data, state, query, sort]);
  const sorted = (k: SortKey) => (sort === k ? (k === 'diajukan' ? 'descending' : 'ascending') : undefined);

  return (
    <section className="card" aria-labelledby={`${uid}-h`}>
      <h2 id={`${uid}-h`}>{R.villagesTitle}</h2>
      <div className="filters">
        <div className="field">
          <label htmlFor={`${uid}-kab`}>{R.filterKabupaten}</label>
          <select id={`${uid}-kab`} value={region} onChange={(e) => setRegion(e.target.value)}>
            <option value="">{R.filterAllKabupaten}</option>
            {summary.wilayah.map((w) => (
              <option key={`${w.provinsi}#${w.kabupaten}`} value={JSON.stringify([w.provinsi, w.kabupaten])}>
                {`${w.kabupaten}, ${w.provinsi} (${angka(w.desa)})`}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${uid}-st`}>{R.filterState}</label>
          <select id={`${uid}-st`} value={state} onChange={(e) => setState(e.target.value)}>
            <option value="">{R.filterAllStates}</option>
            {VILLAGE_STATES.map((s) => (
              <option key={s} value={s}>
                {E.villageStates[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${uid}-q`}>{R.search}</label>
          <input id={`${uid}-q`} type="search" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor={`${uid}-sort`}>{R.sortLabel}</label>
          <select id={`${uid}-sort`} value={sort} onChange={(e) => setSort(e.target.value as SortKey)}>
            {(Object.keys(SORTS) as SortKey[]).map((k) => (
              <option key={k} value={k}>
                {SORTS[k].label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {tooMany ? (
        <p>{R.chooseKabupaten(angka(summary.desa))}</p>
      ) : villages.data === undefined || villages.error ? (
        <LoadState loaded={villages} />
      ) : (
        <>
          <p className="muted" aria-live="polite" data-shown={shown.length}>
            {R.shown(shown.length, villages.data.length)}
          </p>
          {shown.length === 0 ? (
            <p>{R.noVillages}</p>
          ) : (
            <div className="table-wrap">
              <table className="villages">
                <thead>
                  <tr>
                    {(
                      [
                        ['nama', R.colDesa],
                        ['wilayah', R.colWilayah],
                        ['status', R.colStatus],
                        ['diajukan', R.colDiajukan],
                      ] as const
                    ).map(([k, label]) => (
                      <th key={k} scope="col" aria-sort={sorted(k)}>
                        {label}
                      </th>
                    ))}
                    <th scope="col">{R.colKategori}</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((v) => (
                    <tr key={v.kd_desa} data-kd={v.kd_desa}>
                      <td>
                        <Link to={`/${encodeURIComponent(id)}/desa/${encodeURIComponent(v.kd_desa)}`}>{v.nama_desa}</Link>
                      </td>
                      <td>{`${v.kabupaten}, ${v.provinsi}`}</td>
                      <td>
                        <StateBadge state={v.status} />
                      </td>
                      <td data-label={R.colDiajukan}>{v.diajukan_at ? tanggal(v.diajukan_at) : '–'}</td>
                      <td data-label={R.colKategori}>{v.kategori_desa ?? '–'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
