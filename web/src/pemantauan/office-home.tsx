import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, messageOf } from '../core/api';
import { ConfirmDialog, Notice } from '../core/components';
import { angka } from '../core/format';
import { T } from '../core/texts';
import { result, useLoad, type Result } from '../evaluasi/hooks';
import type { BarSpec } from '../statistik/chart';
import { Figure } from '../statistik/Figure';
import '../statistik/statistik.css';
import { monthName, monthPlus, monthsBack, monthShort, thisMonth } from './months';
import { LoadState } from './parts';
import {
  FIGURES,
  type Figure as FigureName,
  type FlaggedMonth,
  type Missing,
  type Region,
  type Rekap,
  type Reminded,
  type Report,
} from './types';

const P = T.pemantauan;
const BLUE = '#0b5cad';
const GREY = '#8a94a3';
const MISSING_PAGE = 20;
const CHECK_PAGE = 20;

interface Scope {
  tahun: string;
  provinsi: string;
  kabupaten: string;
}

/** The year and region live in the URL: a link, Back and a reload keep them. */
function useScope(): [Scope, (s: Partial<Scope>) => void] {
  const [params, setParams] = useSearchParams();
  const now = thisMonth().slice(0, 4);
  const asked = params.get('tahun') ?? '';
  const tahun = /^\d{4}$/.test(asked) && asked >= '2000' && asked <= now ? asked : now;
  const provinsi = params.get('provinsi') ?? '';
  const kabupaten = provinsi ? (params.get('kabupaten') ?? '') : '';
  const set = (s: Partial<Scope>) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const [k, v] of Object.entries(s)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      return next;
    });
  return [{ tahun, provinsi, kabupaten }, set];
}

const regionQuery = (s: { provinsi: string; kabupaten: string }) => ({
  ...(s.provinsi ? { provinsi: s.provinsi } : {}),
  ...(s.kabupaten ? { kabupaten: s.kabupaten } : {}),
});

/**
 * /pemantauan for dinas and admin: the region's months of a year against the year before (a
 * table and a chart), the villages that have not reported a month, and the flagged months to
 * check and verify.
 */
export function OfficeHome() {
  const [scope, setScope] = useScope();
  const regions = useLoad(async () => (await api<{ provinsi: Region[] }>('GET', '/api/wilayah')).data.provinsi, []);
  const rekap = useLoad(
    async () =>
      (await api<Rekap>('GET', `/api/pemantauan/rekap?${new URLSearchParams({ tahun: scope.tahun, ...regionQuery(scope) })}`)).data,
    [scope.tahun, scope.provinsi, scope.kabupaten],
  );
  useEffect(() => {
    document.title = `${P.title} · ${T.appName}`;
  }, []);
  const where = scope.kabupaten ? `${scope.kabupaten}, ${scope.provinsi}` : scope.provinsi || P.wholeCountry;
  const r = rekap.data;
  return (
    <>
      <h1>{P.title}</h1>
      <p className="lead">{P.leadOffice}</p>
      <ScopePicker scope={scope} setScope={setScope} regions={regions.data} failed={regions.error} />
      {r && (
        <p className="scope" aria-live="polite">
          {P.showing(where, scope.tahun, monthShort(r.periode.dari), monthShort(r.periode.sampai))}
        </p>
      )}
      {!r ? (
        <LoadState loaded={rekap} />
      ) : (
        // the scope of the answer shown (a newer choice's answer may still be on its way)
        <div data-loaded={`${r.tahun}|${r.provinsi ?? ''}|${r.kabupaten ?? ''}`} aria-busy={rekap.loading}>
          <Totals rekap={r} />
          <Download scope={scope} />
          <RekapTable rekap={r} />
          <Chart rekap={r} />
          <CategoryTable rekap={r} />
          <div className="two-up">
            <MissingList scope={scope} where={where} />
            <CheckList scope={scope} onVerified={rekap.reload} />
          </div>
        </div>
      )}
    </>
  );
}

function ScopePicker({
  scope,
  setScope,
  regions,
  failed,
}: {
  scope: Scope;
  setScope: (s: Partial<Scope>) => void;
  regions?: Region[];
  failed?: string;
}) {
  const now = Number(thisMonth().slice(0, 4));
  const years = Array.from({ length: 6 }, (_, i) => String(now - i));
  if (!years.includes(scope.tahun)) years.push(scope.tahun);
  const provinces = (regions ?? []).map((p) => p.provinsi);
  if (scope.provinsi && !provinces.includes(scope.provinsi)) provinces.push(scope.provinsi);
  const kabupaten = (regions ?? []).find((p) => p.provinsi === scope.provinsi)?.kabupaten.map((k) => k.kabupaten) ?? [];
  if (scope.kabupaten && !kabupaten.includes(scope.kabupaten)) kabupaten.push(scope.kabupaten);
  return (
    <form className="card region scope-picker" onSubmit={(e) => e.preventDefault()} aria-label={P.filterTitle}>
      <div className="field">
        <label htmlFor="f-tahun">{P.tahun}</label>
        <select id="f-tahun" value={scope.tahun} onChange={(e) => setScope({ tahun: e.target.value })}>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="f-provinsi">{P.provinsi}</label>
        <select id="f-provinsi" value={scope.provinsi} onChange={(e) => setScope({ provinsi: e.target.value, kabupaten: '' })}>
          <option value="">{P.allProvinces}</option>
          {provinces.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="f-kabupaten">{P.kabupaten}</label>
        <select
          id="f-kabupaten"
          value={scope.kabupaten}
          disabled={!scope.provinsi}
          aria-describedby={scope.provinsi ? undefined : 'f-kabupaten-hint'}
          onChange={(e) => setScope({ kabupaten: e.target.value })}
        >
          <option value="">{P.allKabupaten}</option>
          {kabupaten.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
        {!scope.provinsi && (
          <small id="f-kabupaten-hint" className="hint">
            {P.kabupatenHint}
          </small>
        )}
      </div>
      {failed && <p className="field-error">{P.regionsFailed}</p>}
    </form>
  );
}

/**
 * The year's reports of the region, one row per village and month, as XLSX: the API stores the
 * file and answers its link (`tautan=1`, fetched with the token), and the page navigates to it
 * (an attachment: the page stays), as /evaluasi does.
 */
function Download({ scope }: { scope: Scope }) {
  const [outcome, setOutcome] = useState<Result>();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    setOutcome(undefined);
    try {
      const q = new URLSearchParams({ tahun: scope.tahun, format: 'xlsx', tautan: '1', ...regionQuery(scope) });
      const { data } = await api<{ url: string; nama_berkas: string }>('GET', `/api/pemantauan/export?${q}`);
      window.location.assign(data.url);
      setOutcome(result('ok', P.exportDone(data.nama_berkas)));
    } catch (err) {
      setOutcome(result('error', messageOf(err)));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      {outcome && (
        <Notice key={outcome.n} kind={outcome.kind}>
          {outcome.text}
        </Notice>
      )}
      <div className="actions">
        <button type="button" disabled={busy} onClick={download}>
          {busy ? T.busy : P.export(scope.tahun)}
        </button>
      </div>
    </>
  );
}

const percent = (p: number | null) =>
  p === null ? P.noComparison : P.againstLastYear(`${p > 0 ? '+' : ''}${new Intl.NumberFormat('id-ID').format(p)}%`);

function Totals({ rekap }: { rekap: Rekap }) {
  const t = rekap.total;
  const visitors = t.wisnus + t.wisman;
  const before = t.tahun_lalu.wisnus + t.tahun_lalu.wisman;
  const items: [string, string, string][] = [
    [P.totals.desa, angka(rekap.desa), ''],
    [P.totals.wisatawan, angka(visitors), percent(before ? Math.round(((visitors - before) / before) * 1000) / 10 : null)],
    [P.totals.pendapatan, `Rp ${angka(t.pendapatan)}`, percent(t.perubahan.pendapatan.persen)],
    [P.totals.tenaga_kerja, angka(t.tenaga_kerja), percent(t.perubahan.tenaga_kerja.persen)],
  ];
  return (
    <dl className="totals" data-totals>
      {items.map(([label, value, note]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
          {note && <dd className="change">{note}</dd>}
        </div>
      ))}
    </dl>
  );
}

function RekapTable({ rekap }: { rekap: Rekap }) {
  const t = rekap.total;
  return (
    <section className="card" aria-labelledby="judul-rekap">
      <h2 id="judul-rekap">{P.tableTitle}</h2>
      <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="judul-rekap">
        <table className="rekap" data-rekap>
          <thead>
            <tr>
              <th scope="col">{P.colBulan}</th>
              {(['wisnus', 'wisman', 'pendapatan', 'tenaga_kerja'] as const).map((f) => (
                <th key={f} scope="col" className="num">
                  {P.figuresShort[f]}
                </th>
              ))}
              <th scope="col" className="num">
                {P.colLapor}
              </th>
              <th scope="col" className="num">
                {P.colVerified}
              </th>
              <th scope="col" className="num">
                {P.colCheck}
              </th>
              <th scope="col" className="num">
                {P.colLate}
              </th>
            </tr>
          </thead>
          <tbody>
            {rekap.per_bulan.map((m) => (
              <tr key={m.bulan} data-bulan={m.bulan}>
                <th scope="row">{monthShort(m.bulan)}</th>
                <td className="num">{angka(m.wisnus)}</td>
                <td className="num">{angka(m.wisman)}</td>
                <td className="num">{angka(m.pendapatan)}</td>
                <td className="num">{angka(m.tenaga_kerja)}</td>
                <td className="num">{P.ofDesa(angka(m.n_lapor), angka(rekap.desa))}</td>
                <td className="num">{angka(m.n_verifikasi)}</td>
                <td className="num">{angka(m.n_cek)}</td>
                <td className="num">{angka(m.n_terlambat)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{P.total}</th>
              <td className="num">{angka(t.wisnus)}</td>
              <td className="num">{angka(t.wisman)}</td>
              <td className="num">{angka(t.pendapatan)}</td>
              <td className="num">{angka(t.tenaga_kerja)}</td>
              <td className="num">{angka(t.n_lapor)}</td>
              <td className="num">{angka(t.n_verifikasi)}</td>
              <td className="num">{angka(t.n_cek)}</td>
              <td className="num">{angka(t.n_terlambat)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}

/** The period per score category: the villages of it today, and the reports written while their village was of it. */
function CategoryTable({ rekap }: { rekap: Rekap }) {
  return (
    <section className="card" aria-labelledby="judul-kategori">
      <h2 id="judul-kategori">{P.categoryTitle}</h2>
      <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="judul-kategori">
        <table className="rekap" data-kategori>
          <thead>
            <tr>
              <th scope="col">{P.colKategori}</th>
              <th scope="col" className="num">
                {P.colJumlahDesa}
              </th>
              <th scope="col" className="num">
                {P.colLapor}
              </th>
              <th scope="col" className="num">
                {P.figuresShort.wisnus}
              </th>
              <th scope="col" className="num">
                {P.figuresShort.wisman}
              </th>
            </tr>
          </thead>
          <tbody>
            {rekap.per_kategori.map((k) => (
              <tr key={k.kategori} data-kategori-row={k.kategori}>
                <th scope="row">{P.categories[k.kategori] ?? k.kategori}</th>
                <td className="num">{angka(k.desa)}</td>
                <td className="num">{angka(k.n_lapor)}</td>
                <td className="num">{angka(k.wisnus)}</td>
                <td className="num">{angka(k.wisman)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="small muted">{P.categoryNote}</p>
    </section>
  );
}

/** The chosen figure's months of this year and of the year before, bar beside bar (whole numbers on the count axis). */
function Chart({ rekap }: { rekap: Rekap }) {
  const [figure, setFigure] = useState<FigureName>('wisnus');
  const spec = useMemo<BarSpec>(
    () => ({
      labels: rekap.per_bulan.map((m) => monthShort(m.bulan)),
      series: [
        { label: String(rekap.tahun), data: rekap.per_bulan.map((m) => m[figure]), color: BLUE },
        { label: String(rekap.tahun - 1), data: rekap.per_bulan.map((m) => m.tahun_lalu[figure]), color: GREY },
      ],
      horizontal: false,
      countTitle: P.figures[figure],
    }),
    [rekap, figure],
  );
  return (
    <div className="figures wide">
      <Figure
        id="grafik-bulanan"
        title={P.chartTitle(P.figures[figure])}
        spec={spec}
        nameHeader={P.colBulan}
        chartHeight={300}
        note={
          <>
            <div className="field chart-choice">
              <label htmlFor="f-grafik">{P.chartFigure}</label>
              <select id="f-grafik" value={figure} onChange={(e) => setFigure(e.target.value as FigureName)}>
                {FIGURES.map((f) => (
                  <option key={f} value={f}>
                    {P.figures[f]}
                  </option>
                ))}
              </select>
            </div>
            <p className="small muted">{P.chartNote}</p>
          </>
        }
      />
    </div>
  );
}

/**
 * The villages in scope without a report of a month (last month by default), a page at a time,
 * and a reminder to their managers now (at most one a day per region: the API's 409 is shown).
 */
function MissingList({ scope, where }: { scope: Scope; where: string }) {
  const now = thisMonth();
  const [bulan, setBulan] = useState(monthPlus(now, -1));
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [bulan, scope.provinsi, scope.kabupaten]);
  const missing = useLoad(async () => {
    const q = new URLSearchParams({ bulan, page: String(page), limit: String(MISSING_PAGE), ...regionQuery(scope) });
    const r = await api<Missing[]>('GET', `/api/pemantauan/belum-lapor?${q}`);
    return { rows: r.data, pages: r.pagination?.pages ?? 1, total: r.pagination?.total ?? r.data.length };
  }, [bulan, page, scope.provinsi, scope.kabupaten]);
  const m = missing.data;
  const [confirm, setConfirm] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Result>();
  useEffect(() => setOutcome(undefined), [bulan, scope.provinsi, scope.kabupaten]);
  async function remind() {
    setConfirm(false);
    setSending(true);
    setOutcome(undefined);
    try {
      const { data } = await api<Reminded>('POST', '/api/pemantauan/pengingat', { bulan, ...regionQuery(scope) });
      setOutcome(result('ok', P.reminded(angka(data.pengelola), angka(data.desa))));
    } catch (err) {
      setOutcome(result('error', messageOf(err)));
    } finally {
      setSending(false);
    }
  }
  return (
    <section className="card" aria-labelledby="judul-belum" data-missing>
      <h2 id="judul-belum">{P.missingTitle}</h2>
      <div className="field">
        <label htmlFor="f-bulan-belum">{P.missingMonth}</label>
        <select id="f-bulan-belum" value={bulan} onChange={(e) => setBulan(e.target.value)}>
          {monthsBack(now, 12).map((b) => (
            <option key={b} value={b}>
              {monthName(b)}
            </option>
          ))}
        </select>
      </div>
      {!m ? (
        <LoadState loaded={missing} />
      ) : m.total === 0 ? (
        <p className="muted">{P.missingNone(monthName(bulan))}</p>
      ) : (
        <>
          <p aria-live="polite">{P.missingCount(angka(m.total), monthName(bulan))}</p>
          {outcome && (
            <Notice key={outcome.n} kind={outcome.kind}>
              {outcome.text}
            </Notice>
          )}
          <div className="actions">
            <button type="button" disabled={sending} onClick={() => setConfirm(true)} data-remind>
              {sending ? T.busy : P.remind(monthName(bulan))}
            </button>
          </div>
          {confirm && (
            <ConfirmDialog title={P.remindTitle} confirmLabel={P.remindConfirm} onConfirm={remind} onCancel={() => setConfirm(false)}>
              <p>{P.remindBody(angka(m.total), monthName(bulan), where)}</p>
            </ConfirmDialog>
          )}
          <ul className="rows">
            {m.rows.map((v) => (
              <li key={v.kd_desa} data-kd={v.kd_desa}>
                <Link to={`/desa/${encodeURIComponent(v.kd_desa)}?bulan=${bulan}`}>{v.nama_desa}</Link>
                <span className="muted">{`${v.kabupaten}, ${v.provinsi}`}</span>
                {(v.pengelola || v.nomor_telepon) && (
                  <span className="small">{[v.pengelola, v.nomor_telepon].filter(Boolean).join(' · ')}</span>
                )}
              </li>
            ))}
          </ul>
          {m.pages > 1 && (
            <nav className="pager" aria-label={P.pager}>
              <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {P.prev}
              </button>
              <span>{P.pageOf(page, m.pages)}</span>
              <button type="button" disabled={page >= m.pages} onClick={() => setPage(page + 1)}>
                {P.next}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}

/**
 * The year's flagged months of the region not yet verified (GET /api/pemantauan/perlu-cek, a page
 * at a time), each with its reason and a button to verify it.
 */
function CheckList({ scope, onVerified }: { scope: Scope; onVerified: () => void }) {
  const [page, setPage] = useState(1);
  const [outcome, setOutcome] = useState<Result>();
  const [busy, setBusy] = useState('');
  useEffect(() => setPage(1), [scope.tahun, scope.provinsi, scope.kabupaten]);
  const list = useLoad(async () => {
    const q = new URLSearchParams({ tahun: scope.tahun, page: String(page), limit: String(CHECK_PAGE), ...regionQuery(scope) });
    const r = await api<FlaggedMonth[]>('GET', `/api/pemantauan/perlu-cek?${q}`);
    return { rows: r.data, pages: r.pagination?.pages ?? 1, total: r.pagination?.total ?? r.data.length };
  }, [scope.tahun, scope.provinsi, scope.kabupaten, page]);

  async function verify(f: FlaggedMonth) {
    const key = `${f.kd_desa}/${f.bulan}`;
    setBusy(key);
    setOutcome(undefined);
    try {
      const r = await api<Report>('POST', `/api/pemantauan/desa/${encodeURIComponent(f.kd_desa)}/${f.bulan}/verifikasi`);
      setOutcome(result('ok', P.verified(r.message ?? '', f.nama_desa, monthName(f.bulan))));
      if (list.data) list.set({ ...list.data, rows: list.data.rows.filter((x) => x !== f), total: list.data.total - 1 });
      onVerified();
    } catch (err) {
      setOutcome(result('error', messageOf(err)));
    } finally {
      setBusy('');
    }
  }

  const d = list.data;
  return (
    <section className="card" aria-labelledby="judul-cek" data-check>
      <h2 id="judul-cek">{P.checkTitle}</h2>
      <p className="small muted">{P.checkLead}</p>
      {outcome && (
        <Notice key={outcome.n} kind={outcome.kind}>
          {outcome.text}
        </Notice>
      )}
      {!d ? (
        <LoadState loaded={list} />
      ) : d.total === 0 ? (
        <p className="muted">{P.checkNone}</p>
      ) : d.rows.length === 0 ? (
        <p className="muted">{P.checkAllVerified}</p>
      ) : (
        <>
          <p aria-live="polite">{P.checkCount(angka(d.total), scope.tahun)}</p>
          <ul className="rows">
            {d.rows.map((f) => {
              const key = `${f.kd_desa}/${f.bulan}`;
              const month = monthName(f.bulan);
              return (
                <li key={key} data-check-row={key}>
                  <Link to={`/desa/${encodeURIComponent(f.kd_desa)}?bulan=${f.bulan}`}>{`${f.nama_desa || f.kd_desa}, ${month}`}</Link>
                  <span className="muted">{`${f.kabupaten}, ${f.provinsi}`}</span>
                  <span className="small">{P.monthLine(angka(f.wisnus), angka(f.wisman), angka(f.pendapatan))}</span>
                  <span className="small">{`${P.colAlasan}: ${f.alasan_cek || '–'}`}</span>
                  <span>
                    <button type="button" disabled={busy === key} onClick={() => verify(f)} aria-label={P.verifyMonth(f.nama_desa, month)}>
                      {busy === key ? T.busy : P.verify}
                    </button>
                  </span>
                </li>
              );
            })}
          </ul>
          {d.pages > 1 && (
            <nav className="pager" aria-label={P.pager}>
              <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {P.prev}
              </button>
              <span>{P.pageOf(page, d.pages)}</span>
              <button type="button" disabled={page >= d.pages} onClick={() => setPage(page + 1)}>
                {P.next}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
