import { useEffect, useMemo, useState } from 'react';
import { NavLink, Route, Routes, useLocation } from 'react-router';
import { Layout, Notice, NotFound } from '../core/components';
import { angka } from '../core/format';
import { mount } from '../core/mount';
import { regionName, RegionFields, useUrlChoices } from '../core/region-picker';
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

/** The region and the period granularity live in the URL. */
function App() {
  const { region, set: setRegion } = useUrlChoices();
  const country = useStats({});
  const province = useStats({ provinsi: region.provinsi }, Boolean(region.provinsi));
  const district = useStats(region, Boolean(region.kabupaten));
  const shown = region.kabupaten ? district : region.provinsi ? province : country;
  const stats = shown?.stats;
  const { search } = useLocation();
  const where = regionName(region);

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
            <Route path="*" element={<NotFound card />} />
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
  return (
    <form className="card region" onSubmit={(e) => e.preventDefault()} aria-label={S.region}>
      <RegionFields
        region={region}
        provinces={country?.desa_wisata.per_provinsi.map((p) => p.provinsi) ?? []}
        districts={(region.provinsi && province?.desa_wisata.per_kabupaten.map((k) => k.kabupaten)) || []}
        onChange={setRegion}
      />
    </form>
  );
}

/**
 * Room for bars from the left: every name has the same slot, tall enough for the most lines
 * (13 px type, 1.2 line height) with some air, plus the count axis below.
 */
const horizontalHeight = (labels: string[]) =>
  64 + labels.length * Math.max(30, Math.max(1, ...labels.map((l) => wrap(l).length)) * 16 + 14);

/** Bars from the left, one a key (its name in `names`), of the counts per key (none: 0). */
function countBars<K extends string>(
  keys: readonly K[],
  names: Record<K, string>,
  counts: Record<string, number>,
  series: { label: string; color: string | string[]; countTitle: string },
): BarSpec {
  return {
    labels: keys.map((k) => names[k]),
    series: [{ label: series.label, data: keys.map((k) => counts[k] ?? 0), color: series.color }],
    horizontal: true,
    countTitle: series.countTitle,
  };
}

function Summary({ stats }: { stats: Stats }) {
  const session = useSession();
  const office = isOffice(session);
  const kategori = useMemo(
    () => countBars(KATEGORI, S.kategori, stats.kategori, { label: S.villages, color: KATEGORI_COLOURS, countTitle: S.countVillages }),
    [stats],
  );
  const status = useMemo(
    () => countBars(STATUS, S.status, stats.status_operasional, { label: S.statusRecords, color: BLUE, countTitle: S.countStatusRecords }),
    [stats],
  );
  const requests = useMemo(
    () => countBars(PERMINTAAN, S.permintaan, stats.permintaan, { label: S.requests, color: BLUE, countTitle: S.countRequests }),
    [stats],
  );
  // the account counts (dashed) only for an office
  const totals: (readonly [keyof typeof S.totals, number, boolean])[] = [
    ['desa', stats.desa_wisata.total, false],
    ['dinilai', stats.desa_wisata.total - (stats.kategori.belum_dinilai ?? 0), false],
    ['diproses', stats.permintaan.diproses ?? 0, false],
    ...(office && stats.akun
      ? ([
          ['terverifikasi', stats.akun.terverifikasi, true],
          ['menunggu', stats.akun.menunggu, true],
        ] as const)
      : []),
  ];
  return (
    <>
      <dl className="totals">
        {totals.map(([k, n, dashed]) => (
          <div key={k} className={dashed ? 'office' : undefined}>
            <dt>{S.totals[k]}</dt>
            <dd data-total={k}>{angka(n)}</dd>
          </div>
        ))}
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
  const { params, set } = useUrlChoices();
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
    set({ per: g });
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

mount('statistik', <App />);
