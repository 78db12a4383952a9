/**
 * The statistics page (GET /statistik): one HTML page whose script reads
 * GET /api/statistik and draws its figures with Chart.js (npm package `chart.js`, served
 * from GET /statistik/{asset} like Swagger UI's files: no CDN, works offline). Indonesian
 * labels, a province selector, one column on a phone's width.
 */
import { packageFile } from '../platform/package-files';

/** The version of the Chart.js served (its package.json ships with the page's functions). */
export const chartJsVersion = (): string => (JSON.parse(packageFile('chart.js', 'package.json')) as { version: string }).version;

/** Chart.js's self-contained browser build (it defines `window.Chart`). */
const CHART_JS_FILE = 'dist/chart.umd.js';

export const STATISTICS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const STYLE = `*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#f5f7f6}
header{background:#1f6f4a;color:#fff;padding:16px}
header h1{margin:0;font-size:1.35rem}
header p{margin:4px 0 0;font-size:.9rem;opacity:.9}
main{max-width:1100px;margin:0 auto;padding:16px}
.controls{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin-bottom:16px}
select{font-size:1rem;padding:6px 8px;max-width:100%}
.summary{display:grid;grid-template-columns:repeat(auto-fit,minmax(140px,1fr));gap:12px;margin-bottom:16px}
.summary div{background:#fff;border-radius:8px;padding:12px;box-shadow:0 1px 2px rgba(0,0,0,.08)}
.summary b{display:block;font-size:1.6rem}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(320px,1fr));gap:16px}
section{background:#fff;border-radius:8px;padding:12px;box-shadow:0 1px 2px rgba(0,0,0,.08);min-width:0}
section h2{font-size:1rem;margin:0 0 8px}
.chart{position:relative;height:260px}
#pesan{color:#9b1c1c}
@media (max-width:480px){.grid{grid-template-columns:1fr}main{padding:10px}}
`;

const SCRIPT = `(function () {
  'use strict';
  var api = new URL('api/statistik', window.location.href);
  var charts = {};
  var COLORS = ['#1f6f4a', '#3b8d64', '#7fb77e', '#c9a227', '#b5651d', '#8c564b', '#5b8def', '#9467bd', '#e377c2', '#7f7f7f'];
  var LABELS = {
    kategori: { Mandiri: 'Mandiri', Maju: 'Maju', Berkembang: 'Berkembang', Rintisan: 'Rintisan', belum_dinilai: 'Belum dinilai' },
    status_operasional: { aktif: 'Aktif', nonaktif: 'Nonaktif', ditinjau: 'Ditinjau', pending: 'Tertunda', tanpa_status: 'Tanpa status' },
    permintaan: { diproses: 'Diproses', diterima: 'Diterima', ditolak: 'Ditolak', selesai: 'Selesai' }
  };
  function draw(id, type, labels, datasets, options) {
    if (charts[id]) charts[id].destroy();
    charts[id] = new window.Chart(document.getElementById(id), {
      type: type,
      data: { labels: labels, datasets: datasets },
      options: Object.assign({ responsive: true, maintainAspectRatio: false, animation: false }, options || {})
    });
  }
  function pairs(obj, names) {
    var keys = Object.keys(names);
    return { labels: keys.map(function (k) { return names[k]; }), data: keys.map(function (k) { return obj[k] || 0; }) };
  }
  function bar(id, obj, names) {
    var p = pairs(obj, names);
    draw(id, 'bar', p.labels, [{ label: 'Jumlah', data: p.data, backgroundColor: COLORS }], { plugins: { legend: { display: false } } });
  }
  function show(data, provinces) {
    document.getElementById('total').textContent = String(data.desa_wisata.total);
    document.getElementById('dinilai').textContent = String(data.desa_wisata.total - data.kategori.belum_dinilai);
    document.getElementById('diproses').textContent = String(data.permintaan.diproses);
    var wilayah = data.wilayah.provinsi ? data.desa_wisata.per_kabupaten : data.desa_wisata.per_provinsi;
    document.getElementById('judul-wilayah').textContent = data.wilayah.provinsi ? 'Desa wisata per kabupaten' : 'Desa wisata per provinsi';
    draw('grafik-wilayah', 'bar', wilayah.map(function (w) { return w.kabupaten || w.provinsi; }),
      [{ label: 'Desa wisata', data: wilayah.map(function (w) { return w.jumlah; }), backgroundColor: '#1f6f4a' }],
      { indexAxis: 'y', plugins: { legend: { display: false } } });
    var k = pairs(data.kategori, LABELS.kategori);
    draw('grafik-kategori', 'doughnut', k.labels, [{ label: 'Desa wisata', data: k.data, backgroundColor: COLORS }]);
    bar('grafik-status', data.status_operasional, LABELS.status_operasional);
    bar('grafik-permintaan', data.permintaan, LABELS.permintaan);
    draw('grafik-bulan', 'line', data.per_bulan.map(function (m) { return m.bulan; }), [
      { label: 'Desa baru', data: data.per_bulan.map(function (m) { return m.desa_baru; }), borderColor: '#1f6f4a', backgroundColor: '#1f6f4a' },
      { label: 'Perubahan kategori', data: data.per_bulan.map(function (m) { return m.perubahan_kategori; }), borderColor: '#c9a227', backgroundColor: '#c9a227' }
    ]);
    if (provinces) {
      var select = document.getElementById('provinsi');
      provinces.forEach(function (p) {
        var o = document.createElement('option');
        o.value = p.provinsi; o.textContent = p.provinsi + ' (' + p.jumlah + ')';
        select.appendChild(o);
      });
    }
    document.body.setAttribute('data-loaded', data.wilayah.provinsi || '');
  }
  function load(provinsi, first) {
    var url = new URL(api.href);
    if (provinsi) url.searchParams.set('provinsi', provinsi);
    document.body.removeAttribute('data-loaded');
    return fetch(url.href, { headers: { Accept: 'application/json' } })
      .then(function (r) { return r.json(); })
      .then(function (body) {
        if (body.status !== 'success') throw new Error(body.message || 'Gagal memuat statistik');
        document.getElementById('pesan').textContent = '';
        show(body.data, first ? body.data.desa_wisata.per_provinsi : null);
      })
      .catch(function (err) { document.getElementById('pesan').textContent = 'Gagal memuat statistik: ' + err.message; });
  }
  window.addEventListener('load', function () {
    document.getElementById('provinsi').addEventListener('change', function (e) { load(e.target.value, false); });
    load('', true);
  });
})();
`;

const STATIC_ASSETS: Record<string, { contentType: string; body: () => string }> = {
  'chart.umd.js': { contentType: 'text/javascript; charset=utf-8', body: () => packageFile('chart.js', CHART_JS_FILE) },
  'statistik.js': { contentType: 'text/javascript; charset=utf-8', body: () => SCRIPT },
  'statistik.css': { contentType: 'text/css; charset=utf-8', body: () => STYLE },
};

/** An asset of the page by name, or undefined when it is not one. */
export function statisticsAsset(name: string): { body: string; contentType: string } | undefined {
  const asset = Object.hasOwn(STATIC_ASSETS, name) ? STATIC_ASSETS[name] : undefined;
  return asset && { body: asset.body(), contentType: asset.contentType };
}

/** The page; its assets are asked for with the package version, so a new version is a new URL. */
/** The start of a page for people: its title and its one stylesheet, nothing from outside (CSP). */
export const pageHead = (title: string, stylesheet: string) => `<!doctype html>
<html lang="id">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${stylesheet}">
</head>`;

export function statisticsPage(base: string): string {
  const version = chartJsVersion();
  const asset = (name: string) => `${base}/statistik/${name}?v=${version}`;
  return `${pageHead('Statistik Desa Wisata', asset('statistik.css'))}
<body>
<header><h1>Statistik Desa Wisata</h1><p>Jumlah desa wisata, kategori, status operasional dan permintaan pendaftaran</p></header>
<main>
<div class="controls"><label for="provinsi">Wilayah:</label>
<select id="provinsi"><option value="">Semua provinsi</option></select></div>
<p id="pesan" role="alert"></p>
<div class="summary">
<div>Desa wisata<b id="total">–</b></div>
<div>Sudah dinilai<b id="dinilai">–</b></div>
<div>Permintaan diproses<b id="diproses">–</b></div>
</div>
<div class="grid">
<section><h2 id="judul-wilayah">Desa wisata per provinsi</h2><div class="chart"><canvas id="grafik-wilayah"></canvas></div></section>
<section><h2>Kategori desa wisata</h2><div class="chart"><canvas id="grafik-kategori"></canvas></div></section>
<section><h2>Status operasional</h2><div class="chart"><canvas id="grafik-status"></canvas></div></section>
<section><h2>Permintaan pendaftaran</h2><div class="chart"><canvas id="grafik-permintaan"></canvas></div></section>
<section><h2>Per bulan: desa baru dan perubahan kategori</h2><div class="chart"><canvas id="grafik-bulan"></canvas></div></section>
</div>
</main>
<script src="${asset('chart.umd.js')}"></script>
<script src="${asset('statistik.js')}"></script>
</body>
</html>
`;
}
