import { useEffect, useMemo, useState } from 'react';
import { NavLink, Route, Routes, useLocation, useSearchParams } from 'react-router';
import { Layout, Notice } from '../core/components';
import { angka } from '../core/format';
import { mount } from '../core/mount';
import { isOffice, useSession } from '../core/session';
import { T } from '../core/texts';
import type { BarSpec } from './chart';
import { defaultGranularity, months, periodName, useStats, wrap, years, type Granularity, type Region, type Stats } from './data';
import { Figure } from './Figure';
import './statistik.css';

const S = T.statistik;
const KATEGORI = ['Mandiri', 'Maju', 'Berkembang', 'Rintisan', 'belum_dinilai'] as const;
const KATEGORI_COLOURS = ['#17602f', '#3b8d64', '#b58a00', '#b5651d', '#8a94a3'];
const STATUS = ['aktif', 'nonaktif', 'ditinjau', 'pending', 'tanpa_status'] as const;
const PERMINTAAN = ['diproses', 'diterima', 'ditolak', 'selesai'] as const;
const BLUE = '#0b5cad';
const AMBER = '#c98a00';

/** The region and the period granularity live in the URL: a link, Back and a reload keep them. */
function useRegion(): [Region, (r: Region) => void] {
  const [params, setParams] = useSearchParams();
  const provinsi = params.get('provinsi') ?? '';
  const kabupaten = provinsi ? (params.get('kabupaten') ?? '') : '';
  const set = (r: Region) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const [k, v] of Object.entries(r)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      return next;
    });
  return [{ provinsi, kabupaten }, set];
}

function App() {
  const [region, setRegion] = useRegion();
  const country = useStats({});
  const province = useStats({ provinsi: region.provinsi }, Boolean(region.provinsi));
  const district = useStats(region, Boolean(region.kabupaten));
  const shown = region.kabupaten ? district : region.provinsi ? province : country;
  const stats = shown?.stats;
  const { search } = useLocation();
  const where = region.kabupaten ? `${region.kabupaten}, ${region.provinsi}` : region.provinsi || S.wholeCountry;

  return (
    <Layout page="statistik">
      <h1>{S.title}</h1>
      <p className="lead">{S.lead}</p>
      <RegionPicker region={region} setRegion={setRegion} country={country?.stats} province={province?.stats} />
      <nav className="tabs" aria-label={S.viewsLabel}>
        <NavLink end to={{ pathname: '/', search }}>
          {S.views.ringkasan}
        </NavLink>
        <NavLink to={{ pathname: '/wilayah', search }}>{S.views.wilayah}</NavLink>
        <NavLink to={{ pathname: '/perkembangan', search }}>{S.views.perkembangan}</NavLink>
      </nav>
      <p className="scope" aria-live="polite">
        {S.showing(where)}
      </p>
      <Notice kind="error">{shown?.error}</Notice>
      {!shown && <p className="muted">{T.loading}</p>}
      {stats && (
        <div data-loaded={`${region.provinsi}|${region.kabupaten}`}>
          <Routes>
            <Route index element={<Summary stats={stats} />} />
            <Route path="wilayah" element={<Regions stats={region.provinsi ? (province?.stats ?? stats) : stats} region={region} />} />
            <Route path="perkembangan" element={<Growth stats={stats} />} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </div>
      )}
    </Layout>
  );
}

function RegionPicker({
  region,
  setRegion,
  country,
  province,
}: {
  region: Region;
  setRegion: (r: Region) => void;
  country?: Stats;
  province?: Stats;
}) {
  const provinces = country?.desa_wisata.per_provinsi.map((p) => p.provinsi) ?? [];
  if (region.provinsi && !provinces.includes(region.provinsi)) provinces.push(region.provinsi);
  const kabupaten = region.provinsi ? (province?.desa_wisata.per_kabupaten.map((k) => k.kabupaten) ?? []) : [];
  if (region.kabupaten && !kabupaten.includes(region.kabupaten)) kabupaten.push(region.kabupaten);
  return (
    <form className="card region" onSubmit={(e) => e.preventDefault()} aria-label={S.region}>
      <div className="field">
        <label htmlFor="f-provinsi">{S.provinsi}</label>
        <select id="f-provinsi" value={region.provinsi} onChange={(e) => setRegion({ provinsi: e.target.value, kabupaten: '' })}>
          <option value="">{S.allProvinces}</option>
          {provinces.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="f-kabupaten">{S.kabupaten}</label>
        <select
          id="f-kabupaten"
          value={region.kabupaten}
          disabled={!region.provinsi}
          aria-describedby={region.provinsi ? undefined : 'f-kabupaten-hint'}
          onChange={(e) => setRegion({ provinsi: region.provinsi, kabupaten: e.target.value })}
        >
          <option value="">{S.allKabupaten}</option>
          {kabupaten.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
        {!region.provinsi && (
          <small id="f-kabupaten-hint" className="hint">
            {S.kabupatenHint}
          </small>
        )}
      </div>
    </form>
  );
}

/**
 * Room for bars from the left: every name has the same slot, tall enough for the most lines
 * (13 px type, 1.2 line height) with some air, plus the count axis below.
 */
const horizontalHeight = (labels: string[]) =>
  64 + labels.length * Math.max(30, Math.max(1, ...labels.map((l) => wrap(l).length)) * 16 + 14);

function Summary({ stats }: { stats: Stats }) {
  const session = useSession();
  const office = isOffice(session);
  const kategori = useMemo<BarSpec>(
    () => ({
      labels: KATEGORI.map((k) => S.kategori[k]),
      series: [{ label: S.villages, data: KATEGORI.map((k) => stats.kategori[k] ?? 0), color: KATEGORI_COLOURS }],
      horizontal: true,
      countTitle: S.countVillages,
    }),
    [stats],
  );
  const status = useMemo<BarSpec>(
    () => ({
      labels: STATUS.map((k) => S.status[k]),
      series: [{ label: S.statusRecords, data: STATUS.map((k) => stats.status_operasional[k] ?? 0), color: BLUE }],
      horizontal: true,
      countTitle: S.countStatusRecords,
    }),
    [stats],
  );
  const requests = useMemo<BarSpec>(
    () => ({
      labels: PERMINTAAN.map((k) => S.permintaan[k]),
      series: [{ label: S.requests, data: PERMINTAAN.map((k) => stats.permintaan[k] ?? 0), color: BLUE }],
      horizontal: true,
      countTitle: S.countRequests,
    }),
    [stats],
  );
  return (
    <>
      <dl className="totals">
        <div>
          <dt>{S.totals.desa}</dt>
          <dd data-total="desa">{angka(stats.desa_wisata.total)}</dd>
        </div>
        <div>
          <dt>{S.totals.dinilai}</dt>
          <dd data-total="dinilai">{angka(stats.desa_wisata.total - (stats.kategori.belum_dinilai ?? 0))}</dd>
        </div>
        <div>
          <dt>{S.totals.diproses}</dt>
          <dd data-total="diproses">{angka(stats.permintaan.diproses ?? 0)}</dd>
        </div>
        {office && stats.akun && (
          <>
            <div className="office">
              <dt>{S.totals.terverifikasi}</dt>
              <dd data-total="terverifikasi">{angka(stats.akun.terverifikasi)}</dd>
            </div>
            <div className="office">
              <dt>{S.totals.menunggu}</dt>
              <dd data-total="menunggu">{angka(stats.akun.menunggu)}</dd>
            </div>
          </>
        )}
      </dl>
      {office && stats.akun && <p className="muted small">{S.officeOnly}</p>}
      <div className="figures">
        <Figure
          id="grafik-kategori"
          title={S.kategoriTitle}
          spec={kategori}
          nameHeader={S.columns.kategori}
          chartHeight={horizontalHeight(kategori.labels)}
        />
        <Figure
          id="grafik-status"
          title={S.statusTitle}
          spec={status}
          nameHeader={S.columns.status}
          chartHeight={horizontalHeight(status.labels)}
          note={<p className="muted small">{S.statusNote}</p>}
        />
        <Figure
          id="grafik-permintaan"
          title={S.permintaanTitle}
          spec={requests}
          nameHeader={S.columns.status}
          chartHeight={horizontalHeight(requests.labels)}
        />
      </div>
    </>
  );
}

function Regions({ stats, region }: { stats: Stats; region: Region }) {
  const spec = useMemo<BarSpec>(() => {
    const rows = region.provinsi
      ? stats.desa_wisata.per_kabupaten.map((k) => ({ name: k.kabupaten, n: k.jumlah }))
      : stats.desa_wisata.per_provinsi.map((p) => ({ name: p.provinsi, n: p.jumlah }));
    return {
      labels: rows.map((r) => r.name),
      series: [{ label: S.villages, data: rows.map((r) => r.n), color: BLUE }],
      horizontal: true,
      countTitle: S.countVillages,
    };
  }, [stats, region.provinsi]);
  return (
    <div className="figures wide">
      <Figure
        id="grafik-wilayah"
        title={region.provinsi ? S.perKabupaten(region.provinsi) : S.perProvinsi}
        spec={spec}
        nameHeader={region.provinsi ? S.columns.kabupaten : S.columns.provinsi}
        chartHeight={horizontalHeight(spec.labels)}
      />
    </div>
  );
}

function Growth({ stats }: { stats: Stats }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('per');
  // the choice shows at once (the router moves to its URL in a transition), until the URL has it
  const [picked, setPicked] = useState<Granularity>();
  useEffect(() => setPicked(undefined), [asked]);
  const per: Granularity = picked ?? (asked === 'bulan' || asked === 'tahun' ? asked : defaultGranularity(stats.per_bulan));
  const spec = useMemo<BarSpec>(() => {
    const periods = per === 'tahun' ? years(stats.per_bulan) : months(stats.per_bulan);
    return {
      labels: periods.map((p) => periodName(p.key)),
      axisLabels: periods.map((p) => periodName(p.key, true)),
      series: [
        { label: S.newVillages, data: periods.map((p) => p.desa_baru), color: BLUE },
        { label: S.categoryChanges, data: periods.map((p) => p.perubahan_kategori), color: AMBER },
      ],
      horizontal: false,
      countTitle: S.countEvents,
    };
  }, [stats, per]);
  const choose = (g: Granularity) => {
    setPicked(g);
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('per', g);
      return next;
    });
  };
  return (
    <div className="figures wide">
      <Figure
        id="grafik-waktu"
        title={per === 'tahun' ? S.growthTitle.tahun : S.growthTitle.bulan}
        spec={spec}
        nameHeader={per === 'tahun' ? S.columns.tahun : S.columns.bulan}
        chartHeight={300}
        note={
          <>
            <fieldset className="choice">
              <legend>{S.per}</legend>
              {(['bulan', 'tahun'] as const).map((g) => (
                <label key={g}>
                  <input type="radio" name="per" value={g} checked={per === g} onChange={() => choose(g)} /> {S.perChoice[g]}
                </label>
              ))}
            </fieldset>
            <p className="muted small">{per === 'tahun' ? S.growthNote.tahun : S.growthNote.bulan}</p>
          </>
        }
      />
    </div>
  );
}

function NotFound() {
  return (
    <section className="card">
      <p>{T.notFound}</p>
      <a href="/statistik">{T.backHome}</a>
    </section>
  );
}

mount('statistik', <App />);
