import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { api } from '../core/api';
import { ConfirmDialog, NumCells, NumHeads, Outcome, TableScroll } from '../core/components';
import { angka } from '../core/format';
import { regionName, RegionFields, useUrlChoices, type RegionChoice } from '../core/region-picker';
import { T } from '../core/texts';
import { useLoad, useStep, type Result } from '../evaluasi/hooks';
import type { BarSpec } from '../statistik/chart';
import { Figure } from '../statistik/Figure';
import '../statistik/statistik.css';
import { monthName, monthPlus, monthsBack, monthShort, thisMonth } from './months';
import { LoadState, Pager } from './parts';
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

type Scope = RegionChoice & { tahun: string };

/** The year and region live in the URL. */
function useScope(): [Scope, (s: Partial<Scope>) => void] {
  const { params, region, set } = useUrlChoices();
  const now = thisMonth().slice(0, 4);
  const asked = params.get('tahun') ?? '';
  const tahun = /^\d{4}$/.test(asked) && asked >= '2000' && asked <= now ? asked : now;
  return [{ tahun, ...region }, set];
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
  const where = regionName(scope);
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
      <RegionFields
        region={scope}
        provinces={(regions ?? []).map((p) => p.provinsi)}
        districts={(regions ?? []).find((p) => p.provinsi === scope.provinsi)?.kabupaten.map((k) => k.kabupaten) ?? []}
        onChange={setScope}
      />
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
  const { busy, run } = useStep(setOutcome);
  const download = () =>
    run(async () => {
      const q = new URLSearchParams({ tahun: scope.tahun, format: 'xlsx', tautan: '1', ...regionQuery(scope) });
      const { data } = await api<{ url: string; nama_berkas: string }>('GET', `/api/pemantauan/export?${q}`);
      window.location.assign(data.url);
      return P.exportDone(data.nama_berkas);
    });
  return (
    <>
      <Outcome of={outcome} />
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

/** A card of a titled table (`children`) that scrolls sideways on a phone, with a note below it. */
function TableCard({ id, title, note, children }: { id: string; title: string; note?: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <TableScroll labelledBy={id}>{children}</TableScroll>
      {note && <p className="small muted">{note}</p>}
    </section>
  );
}

function RekapTable({ rekap }: { rekap: Rekap }) {
  const t = rekap.total;
  return (
    <TableCard id="judul-rekap" title={P.tableTitle}>
      <table className="rekap" data-rekap>
        <thead>
          <tr>
            <th scope="col">{P.colBulan}</th>
            <NumHeads
              labels={[
                ...(['wisnus', 'wisman', 'pendapatan', 'tenaga_kerja'] as const).map((f) => P.figuresShort[f]),
                P.colLapor,
                P.colVerified,
                P.colCheck,
                P.colLate,
              ]}
            />
          </tr>
        </thead>
        <tbody>
          {rekap.per_bulan.map((m) => (
            <tr key={m.bulan} data-bulan={m.bulan}>
              <th scope="row">{monthShort(m.bulan)}</th>
              <NumCells
                values={[
                  m.wisnus,
                  m.wisman,
                  m.pendapatan,
                  m.tenaga_kerja,
                  P.ofDesa(angka(m.n_lapor), angka(rekap.desa)),
                  m.n_verifikasi,
                  m.n_cek,
                  m.n_terlambat,
                ]}
              />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{P.total}</th>
            <NumCells values={[t.wisnus, t.wisman, t.pendapatan, t.tenaga_kerja, t.n_lapor, t.n_verifikasi, t.n_cek, t.n_terlambat]} />
          </tr>
        </tfoot>
      </table>
    </TableCard>
  );
}

/** The period per score category: the villages of it today, and the reports written while their village was of it. */
function CategoryTable({ rekap }: { rekap: Rekap }) {
  return (
    <TableCard id="judul-kategori" title={P.categoryTitle} note={P.categoryNote}>
      <table className="rekap" data-kategori>
        <thead>
          <tr>
            <th scope="col">{P.colKategori}</th>
            <NumHeads labels={[P.colJumlahDesa, P.colLapor, P.figuresShort.wisnus, P.figuresShort.wisman]} />
          </tr>
        </thead>
        <tbody>
          {rekap.per_kategori.map((k) => (
            <tr key={k.kategori} data-kategori-row={k.kategori}>
              <th scope="row">{P.categories[k.kategori] ?? k.kategori}</th>
              <NumCells values={[k.desa, k.n_lapor, k.wisnus, k.wisman]} />
            </tr>
          ))}
        </tbody>
      </table>
    </TableCard>
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
  const [outcome, setOutcome] = useState<Result>();
  const { busy: sending, run } = useStep(setOutcome);
  useEffect(() => setOutcome(undefined), [bulan, scope.provinsi, scope.kabupaten]);
  const remind = () => {
    setConfirm(false);
    return run(async () => {
      const { data } = await api<Reminded>('POST', '/api/pemantauan/pengingat', { bulan, ...regionQuery(scope) });
      return P.reminded(angka(data.pengelola), angka(data.desa));
    });
  };
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
          <Outcome of={outcome} />
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
          <Pager page={page} pages={m.pages} onPage={setPage} />
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
  const { running: busy, run } = useStep(setOutcome);
  useEffect(() => setPage(1), [scope.tahun, scope.provinsi, scope.kabupaten]);
  const list = useLoad(async () => {
    const q = new URLSearchParams({ tahun: scope.tahun, page: String(page), limit: String(CHECK_PAGE), ...regionQuery(scope) });
    const r = await api<FlaggedMonth[]>('GET', `/api/pemantauan/perlu-cek?${q}`);
    return { rows: r.data, pages: r.pagination?.pages ?? 1, total: r.pagination?.total ?? r.data.length };
  }, [scope.tahun, scope.provinsi, scope.kabupaten, page]);

  const verify = (f: FlaggedMonth) =>
    run(async () => {
      const r = await api<Report>('POST', `/api/pemantauan/desa/${encodeURIComponent(f.kd_desa)}/${f.bulan}/verifikasi`);
      if (list.data) list.set({ ...list.data, rows: list.data.rows.filter((x) => x !== f), total: list.data.total - 1 });
      onVerified();
      return P.verified(r.message ?? '', f.nama_desa, monthName(f.bulan));
    }, `${f.kd_desa}/${f.bulan}`);

  const d = list.data;
  return (
    <section className="card" aria-labelledby="judul-cek" data-check>
      <h2 id="judul-cek">{P.checkTitle}</h2>
      <p className="small muted">{P.checkLead}</p>
      <Outcome of={outcome} />
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
          <Pager page={page} pages={d.pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}
