/**
 * The evaluation page (GET /evaluasi, docs/evaluations.md): one HTML page whose one small
 * script drives the evaluation API (GET/POST /api/evaluasi and its village routes): sign in
 * (POST /auth/login, the token kept in sessionStorage), the rounds with their state; a
 * pengelola fills the self-assessment of their villages (values, notes, links, files) and
 * submits it; dinas and admin open rounds, list villages by state, review a village beside
 * its self-assessment (dinas) and read the progress. Served like the statistics page: same
 * origin, its script and style from GET /evaluasi/{asset}, the same strict CSP, Indonesian,
 * one column on a phone's width. All API text is written with textContent.
 */
import { createHash } from 'node:crypto';
import { pageHead, STATISTICS_CSP } from './statistics';

/** The statistics page's policy: nothing inline, nothing from outside, only this API. */
export const EVALUATION_CSP = STATISTICS_CSP;

const STYLE = `*{box-sizing:border-box}
[hidden]{display:none!important}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#f5f7f6;line-height:1.4}
header{background:#1f6f4a;color:#fff;padding:12px 16px}
header h1{margin:0;font-size:1.3rem}
header p{margin:4px 0 0;font-size:.9rem;opacity:.9}
#akun{display:flex;flex-wrap:wrap;gap:8px;align-items:center;justify-content:space-between;margin-top:8px;font-size:.9rem}
#akun button{background:#fff;color:#1f6f4a;padding:6px 10px}
main{max-width:960px;margin:0 auto;padding:12px}
section{background:#fff;border-radius:8px;padding:12px;box-shadow:0 1px 2px rgba(0,0,0,.08);margin-bottom:12px;min-width:0}
h2{font-size:1.1rem;margin:0 0 8px}
h3{font-size:1rem;margin:16px 0 8px}
label{display:block;margin:8px 0 4px;font-weight:600;font-size:.95rem}
input,select,textarea,button{font:inherit;font-size:1rem}
input,select,textarea{width:100%;max-width:100%;padding:8px;border:1px solid #9aa5b1;border-radius:6px;background:#fff;color:inherit}
input[type=checkbox]{width:auto}
textarea{min-height:4.5em;resize:vertical}
button{padding:10px 14px;border-radius:6px;border:1px solid #1f6f4a;background:#1f6f4a;color:#fff;cursor:pointer}
button.kedua{background:#fff;color:#1f6f4a}
button:disabled{opacity:.6;cursor:wait}
a{color:#1d5fa8;overflow-wrap:anywhere}
#pesan,#info{margin:0 0 12px;padding:10px 12px;border-radius:6px;font-weight:600}
#pesan{color:#9b1c1c;background:#fde8e8}
#info{color:#1f6f4a;background:#e3efe8}
#pesan:empty,#info:empty{display:none}
.list{list-style:none;margin:0;padding:0}
.list li{margin:0 0 8px}
.baris{width:100%;text-align:left;background:#fff;color:#1f2933;border:1px solid #d3dce3;display:block}
.baris b{display:block}
.baris small{display:block;color:#52606d}
.badge{display:inline-block;margin-top:4px;padding:2px 8px;border-radius:999px;background:#e3efe8;color:#1f6f4a;font-size:.8rem;font-weight:600}
.ket{color:#52606d;font-size:.9rem;margin:4px 0}
.controls{display:flex;gap:8px;align-items:center;margin:8px 0}
.controls select{flex:1;width:auto}
.paging{display:flex;gap:8px;align-items:center;justify-content:space-between;margin:8px 0}
.actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:12px}
fieldset.kriteria{border:1px solid #d3dce3;border-radius:8px;padding:10px;margin:0 0 12px;min-width:0}
fieldset.kriteria legend{font-weight:700;padding:0 4px}
.banding{display:grid;grid-template-columns:1fr 1fr;gap:10px}
.banding>div{min-width:0;overflow-wrap:anywhere}
.banding h4{margin:0 0 4px;font-size:.85rem;color:#52606d}
.nilai{font-size:1.4rem;font-weight:700}
.files{list-style:none;padding:0;margin:4px 0}
.files li{display:flex;gap:8px;align-items:center;justify-content:space-between;margin:2px 0}
.files label{display:inline;font-weight:400;margin:0}
.summary{display:grid;grid-template-columns:repeat(auto-fit,minmax(90px,1fr));gap:8px}
.summary div{background:#f5f7f6;border-radius:6px;padding:8px;font-size:.85rem}
.summary b{display:block;font-size:1.4rem}
.tabel{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{text-align:left;padding:6px;border-bottom:1px solid #e4e7eb;vertical-align:top}
tr.lemah td{background:#fdf1d8}
@media (min-width:720px){.dua{display:grid;grid-template-columns:1fr 1fr;gap:0 12px}}
`;

// String.raw: the script's own backslashes stay as written (it must hold no backtick and no dollar-brace).
const SCRIPT = String.raw`(function () {
  'use strict';
  var ROOT = new URL('.', window.location.href);
  var KEY = 'evaluasi.sesi';
  var KRITERIA = [
    ['partisipasi_masyarakat', 'Partisipasi masyarakat'],
    ['keragaman_paket_wisata', 'Keragaman paket wisata'],
    ['akses_tempat_wisata', 'Akses ke tempat wisata'],
    ['keramahan_difabel', 'Keramahan bagi difabel'],
    ['fasilitas_tempat_wisata', 'Fasilitas tempat wisata'],
    ['produk_tempat_wisata', 'Produk tempat wisata']
  ];
  var NAMA_KRITERIA = {};
  KRITERIA.forEach(function (k) { NAMA_KRITERIA[k[0]] = k[1]; });
  var STATUS_PUTARAN = { akan_datang: 'Akan datang', penilaian_mandiri: 'Penilaian mandiri', peninjauan: 'Peninjauan', selesai: 'Selesai' };
  var STATUS_DESA = { belum: 'Belum diisi', draf: 'Draf', diajukan: 'Diajukan', dinilai: 'Dinilai' };
  var GERAK = { naik: 'Naik', tetap: 'Tetap', turun: 'Turun', baru: 'Baru dinilai' };
  var PERAN = { pengelola: 'Pengelola', dinas: 'Dinas', admin: 'Admin' };
  var BULAN = ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'];
  var sesi = null;
  var kini = { putaran: null, desa: null, halaman: 1 };
  try { sesi = JSON.parse(window.sessionStorage.getItem(KEY) || 'null'); } catch (e) { sesi = null; }

  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function add(parent) {
    for (var i = 1; i < arguments.length; i++) if (arguments[i]) parent.appendChild(arguments[i]);
    return parent;
  }
  function put(parent, node) { parent.appendChild(node); return node; }
  function kosongkan(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }
  // a list of buttons, one per row: baris(row) gives its data attribute, its contents and what a click opens
  function daftar(id, rows, kosong, baris) {
    var list = kosongkan($(id));
    if (!rows.length) add(list, el('li', 'ket', kosong));
    rows.forEach(function (row) {
      var b = baris(row);
      var btn = el('button', 'baris');
      btn.type = 'button';
      btn.setAttribute(b.attr[0], b.attr[1]);
      add.apply(null, [btn].concat(b.isi));
      btn.addEventListener('click', function () { pesan(''); info(''); b.buka(); });
      add(list, add(el('li'), btn));
    });
  }
  function pesan(text) { $('pesan').textContent = text || ''; }
  function info(text) { $('info').textContent = text || ''; }
  function gagal(err) { pesan(err && err.message ? err.message : String(err)); }
  function kantor() { return sesi && (sesi.user.role === 'dinas' || sesi.user.role === 'admin'); }
  function tanggal(iso) {
    var p = String(iso || '').split('-');
    return p.length === 3 ? Number(p[2]) + ' ' + BULAN[Number(p[1]) - 1] + ' ' + p[0] : String(iso || '');
  }
  function wilayah(o) { return o.provinsi ? (o.kabupaten ? o.kabupaten + ', ' : '') + o.provinsi : 'Semua wilayah'; }
  function angka(v) { return v === null || v === undefined ? '–' : String(v); }
  function tampil(id) {
    ['masuk', 'putaran', 'evaluasi', 'desa'].forEach(function (s) { $(s).hidden = s !== id; });
    document.body.setAttribute('data-view', id);
  }
  function sibuk(on) {
    document.body.toggleAttribute('data-busy', on);
    Array.prototype.forEach.call(document.querySelectorAll('main button'), function (b) { b.disabled = on; });
  }

  // one request to the API, relative to the page; the API's own message on a failure
  function api(method, path, body) {
    var headers = { Accept: 'application/json' };
    if (sesi) headers.Authorization = 'Bearer ' + sesi.token;
    var init = { method: method, headers: headers };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) { headers['Content-Type'] = 'application/json'; init.body = JSON.stringify(body); }
    sibuk(true);
    return fetch(new URL(path, ROOT).href, init)
      .then(function (r) {
        return r.json().catch(function () { return {}; }).then(function (b) {
          if (r.ok && b.status === 'success') return b;
          if (r.status === 401 && sesi) keluar();
          throw new Error(b.message || 'Permintaan gagal (HTTP ' + r.status + ')');
        });
      }, function () { throw new Error('Tidak dapat terhubung ke server. Periksa koneksi internet Anda.'); })
      .then(function (b) { sibuk(false); return b; }, function (err) { sibuk(false); throw err; });
  }

  function keluar() {
    sesi = null;
    window.sessionStorage.removeItem(KEY);
    $('akun').hidden = true;
    tampil('masuk');
  }
  function masuk() {
    $('akun').hidden = false;
    $('akun-nama').textContent = sesi.user.full_name + ' (' + (PERAN[sesi.user.role] || sesi.user.role) + ')';
    $('buka-putaran').hidden = !kantor();
    return muatPutaran();
  }

  // the rounds
  function muatPutaran() {
    return api('GET', 'api/evaluasi').then(function (b) {
      daftar('daftar-putaran', b.data, 'Belum ada evaluasi.', function (r) {
        return {
          attr: ['data-id', r.id_evaluasi],
          isi: [el('b', '', r.nama), el('small', '', wilayah(r)),
            el('small', '', tanggal(r.mulai) + ' – ' + tanggal(r.selesai) + ' · mandiri s.d. ' + tanggal(r.batas_mandiri)),
            el('span', 'badge', STATUS_PUTARAN[r.status] || r.status)],
          buka: function () { bukaPutaran(r); },
        };
      });
      tampil('putaran');
    }).catch(gagal);
  }

  function bukaPutaran(r) {
    kini.putaran = r;
    kini.halaman = 1;
    $('e-nama').textContent = r.nama;
    $('e-info').textContent = wilayah(r) + ' · ' + (STATUS_PUTARAN[r.status] || r.status) + ' · penilaian mandiri ' +
      tanggal(r.mulai) + ' – ' + tanggal(r.batas_mandiri) + ' · selesai ' + tanggal(r.selesai);
    $('e-filter').hidden = !kantor();
    $('rekap').hidden = true;
    tampil('evaluasi');
    return muatDesa().then(function () { if (kantor()) return muatRekap(); });
  }

  function muatDesa() {
    var q = new URLSearchParams({ page: String(kini.halaman), limit: '50' });
    if (kantor() && $('e-status').value) q.set('status', $('e-status').value);
    return api('GET', 'api/evaluasi/' + encodeURIComponent(kini.putaran.id_evaluasi) + '/desa?' + q.toString()).then(function (b) {
      daftar('daftar-desa', b.data, 'Tidak ada desa.', function (d) {
        return {
          attr: ['data-kd', d.kd_desa],
          isi: [el('b', '', d.nama_desa), el('small', '', d.kabupaten + ', ' + d.provinsi),
            el('span', 'badge', (STATUS_DESA[d.status] || d.status) + (d.kategori_desa ? ' · ' + d.kategori_desa : ''))],
          buka: function () { bukaDesa(d); },
        };
      });
      var p = b.pagination || { page: 1, pages: 1 };
      $('e-halaman').hidden = p.pages <= 1;
      $('e-hal').textContent = 'Halaman ' + p.page + ' dari ' + p.pages;
      $('e-sebelum').disabled = p.page <= 1;
      $('e-berikut').disabled = p.page >= p.pages;
      document.body.setAttribute('data-desa', String(b.data.length));
    }).catch(gagal);
  }

  function kotak(parent, label, value, name) {
    var d = add(el('div'), document.createTextNode(label), el('b', '', angka(value)));
    if (name) d.setAttribute('data-rekap', name);
    add(parent, d);
  }
  function tabel(head, rows) {
    var t = el('table');
    var tr = el('tr');
    head.forEach(function (h) { add(tr, el('th', '', h)); });
    add(t, add(el('thead'), tr));
    var body = el('tbody');
    rows.forEach(function (row) { add(body, row); });
    return add(el('div', 'tabel'), add(t, body));
  }
  function muatRekap() {
    return api('GET', 'api/evaluasi/' + encodeURIComponent(kini.putaran.id_evaluasi) + '/rekap').then(function (b) {
      var r = b.data;
      var box = kosongkan($('rekap'));
      add(box, el('h3', '', 'Rekap status desa'));
      var s = put(box, el('div', 'summary'));
      kotak(s, 'Dalam cakupan', r.desa, 'desa');
      ['belum', 'draf', 'diajukan', 'dinilai'].forEach(function (k) { kotak(s, STATUS_DESA[k], r[k], k); });
      add(box, el('h3', '', 'Perubahan kategori'));
      var g = put(box, el('div', 'summary'));
      ['naik', 'tetap', 'turun', 'baru'].forEach(function (k) { kotak(g, GERAK[k], r.gerak[k], 'gerak-' + k); });
      add(box, el('h3', '', 'Rata-rata per kriteria: mandiri dan dinas'));
      add(box, tabel(['Kriteria', 'Mandiri', 'Dinas'], KRITERIA.map(function (k) {
        var tr = el('tr', k[0] === r.kriteria_terlemah ? 'lemah' : '');
        tr.setAttribute('data-kriteria', k[0]);
        return add(tr, el('td', '', k[1]), el('td', '', angka(r.kriteria[k[0]].mandiri)), el('td', '', angka(r.kriteria[k[0]].penilaian)));
      })));
      if (r.kriteria_terlemah) add(box, el('p', 'ket', 'Kriteria terlemah: ' + NAMA_KRITERIA[r.kriteria_terlemah]));
      add(box, el('h3', '', 'Per kabupaten'));
      add(box, tabel(['Kabupaten', 'Desa', 'Dinilai', 'Kriteria terlemah'], r.wilayah.map(function (w) {
        var tr = el('tr');
        tr.setAttribute('data-kabupaten', w.kabupaten);
        return add(tr, el('td', '', w.kabupaten + ', ' + w.provinsi), el('td', '', angka(w.desa)), el('td', '', angka(w.dinilai)),
          el('td', '', w.kriteria_terlemah ? NAMA_KRITERIA[w.kriteria_terlemah] : '–'));
      })));
      box.hidden = false;
    }).catch(gagal);
  }

  // a village's assessment
  function pathDesa() {
    return 'api/evaluasi/' + encodeURIComponent(kini.putaran.id_evaluasi) + '/desa/' + encodeURIComponent(kini.desa.kd_desa);
  }
  function bukaDesa(d) {
    kini.desa = d;
    $('d-nama').textContent = d.nama_desa;
    kosongkan($('kriteria'));
    kosongkan($('aksi'));
    $('d-info').textContent = '';
    tampil('desa');
    return api('GET', pathDesa()).then(function (b) { tampilDesa(b.data); }).catch(gagal);
  }

  function bidang(parent, id, label, input) {
    var l = el('label', '', label);
    l.htmlFor = id;
    input.id = id;
    add(parent, l, input);
    return input;
  }
  function tautan(list) {
    var ul = el('ul', 'files');
    (list || []).forEach(function (u) {
      var a = el('a', '', u);
      if (/^https?:/i.test(u)) a.href = u;
      a.rel = 'noopener noreferrer';
      a.target = '_blank';
      add(ul, add(el('li'), a));
    });
    return ul;
  }
  function berkas(list, f, hapus) {
    var ul = el('ul', 'files');
    ul.setAttribute('data-berkas', f);
    (list || []).forEach(function (b, i) {
      var a = el('a', '', (b.tipe === 'application/pdf' ? 'PDF ' : 'Foto ') + (i + 1) + ' (' + Math.max(1, Math.round(b.ukuran / 1024)) + ' KB)');
      if (/^https?:/i.test(b.url)) a.href = b.url;
      a.rel = 'noopener noreferrer';
      a.target = '_blank';
      var li = add(el('li'), a);
      if (hapus) {
        var c = el('input');
        c.type = 'checkbox';
        c.value = b.key;
        c.id = 'hapus-' + f + '-' + i;
        c.className = 'hapus-' + f;
        var l = el('label', '', 'Hapus');
        l.htmlFor = c.id;
        add(li, add(el('span'), c, document.createTextNode(' '), l));
      }
      add(ul, li);
    });
    return ul;
  }

  function tampilDesa(a) {
    var box = kosongkan($('kriteria'));
    var aksi = kosongkan($('aksi'));
    var m = a.mandiri || { nilai: {}, bukti: {} };
    var p = a.penilaian;
    var teks = 'Status: ' + (STATUS_DESA[a.status] || a.status);
    if (p) teks += ' · rata-rata ' + p.rata_rata + ' · kategori ' + p.kategori_desa;
    if (a.kategori_sebelum) teks += ' · sebelumnya ' + (a.kategori_sebelum === 'belum' ? 'belum dinilai' : a.kategori_sebelum);
    $('d-info').textContent = teks;
    document.body.setAttribute('data-status', a.status);
    var ubah = sesi.user.role === 'pengelola' && (a.status === 'belum' || a.status === 'draf');
    var tinjau = sesi.user.role === 'dinas';
    KRITERIA.forEach(function (k) {
      var f = k[0];
      var bukti = m.bukti[f] || { catatan: '', tautan: [], berkas: [] };
      var fs = add(el('fieldset', 'kriteria'), el('legend', '', k[1]));
      if (sesi.user.role === 'pengelola') {
        var n = bidang(fs, 'nilai-' + f, 'Nilai (1–100)', el('input'));
        n.type = 'number'; n.min = '1'; n.max = '100'; n.inputMode = 'numeric';
        n.value = m.nilai[f] === undefined ? '' : String(m.nilai[f]);
        var c = bidang(fs, 'catatan-' + f, 'Catatan', el('textarea'));
        c.value = bukti.catatan || '';
        var t = bidang(fs, 'tautan-' + f, 'Tautan (satu per baris)', el('textarea'));
        t.value = (bukti.tautan || []).join('\n');
        if (bukti.berkas && bukti.berkas.length) add(fs, el('h4', 'ket', 'Berkas tersimpan'), berkas(bukti.berkas, f, ubah));
        if (ubah) {
          var file = bidang(fs, 'berkas-' + f, 'Tambah foto atau PDF', el('input'));
          file.type = 'file'; file.multiple = true; file.accept = 'image/jpeg,image/png,image/webp,application/pdf';
        } else [n, c, t].forEach(function (i) { i.readOnly = true; });
        if (p) add(fs, el('p', 'ket', 'Nilai dinas: ' + p.nilai[f] + (p.catatan[f] ? ' · ' + p.catatan[f] : '')));
      } else {
        var dua = put(fs, el('div', 'banding'));
        var kiri = put(dua, add(el('div'), el('h4', '', 'Penilaian mandiri'), el('div', 'nilai', angka(m.nilai[f]))));
        kiri.setAttribute('data-mandiri', f);
        if (bukti.catatan) add(kiri, el('p', '', bukti.catatan));
        if (bukti.tautan && bukti.tautan.length) add(kiri, tautan(bukti.tautan));
        if (bukti.berkas && bukti.berkas.length) add(kiri, berkas(bukti.berkas, f, false));
        var kanan = put(dua, add(el('div'), el('h4', '', 'Penilaian dinas')));
        if (tinjau) {
          var v = bidang(kanan, 'tinjau-' + f, 'Nilai', el('input'));
          v.type = 'number'; v.min = '1'; v.max = '100'; v.inputMode = 'numeric';
          v.value = p ? String(p.nilai[f]) : '';
          var cc = bidang(kanan, 'tinjau-catatan-' + f, 'Catatan', el('textarea'));
          cc.value = p && p.catatan[f] ? p.catatan[f] : '';
        } else {
          add(kanan, el('div', 'nilai', p ? p.nilai[f] : '–'));
          if (p && p.catatan[f]) add(kanan, el('p', '', p.catatan[f]));
        }
      }
      add(box, fs);
    });
    if (ubah) {
      var simpan = put(aksi, el('button', '', 'Simpan draf'));
      simpan.type = 'button'; simpan.id = 'simpan';
      simpan.addEventListener('click', function () { pesan(''); info(''); simpanDraf(a).then(function (b) { info(b.message); tampilDesa(b.data); }).catch(gagal); });
      var ajukan = put(aksi, el('button', 'kedua', 'Simpan dan ajukan'));
      ajukan.type = 'button'; ajukan.id = 'ajukan';
      ajukan.addEventListener('click', function () {
        pesan(''); info('');
        simpanDraf(a).then(function () { return api('POST', pathDesa() + '/mandiri/ajukan'); })
          .then(function (b) { info(b.message); tampilDesa(b.data); }).catch(gagal);
      });
      add(aksi, el('p', 'ket', 'Setelah diajukan, penilaian mandiri tidak dapat diubah lagi.'));
    }
    if (tinjau) {
      var nilai = put(aksi, el('button', '', 'Simpan penilaian'));
      nilai.type = 'button'; nilai.id = 'simpan-penilaian';
      nilai.addEventListener('click', function () { pesan(''); info(''); simpanPenilaian(); });
    }
  }

  function simpanDraf(a) {
    var data = {};
    var bukti = {};
    var files = [];
    var had = (a.mandiri && a.mandiri.bukti) || {};
    KRITERIA.forEach(function (k) {
      var f = k[0];
      var v = $('nilai-' + f).value.trim();
      if (v !== '') data[f] = Number(v);
      var b = {};
      var catatan = $('catatan-' + f).value.trim();
      var links = $('tautan-' + f).value.split(/\r?\n/).map(function (s) { return s.trim(); }).filter(Boolean);
      if (catatan) b.catatan = catatan;
      if (links.length) b.tautan = links;
      var hapus = Array.prototype.filter.call(document.querySelectorAll('.hapus-' + f), function (c) { return c.checked; })
        .map(function (c) { return c.value; });
      if (hapus.length) b.berkas = (had[f] ? had[f].berkas : []).map(function (x) { return x.key; })
        .filter(function (key) { return hapus.indexOf(key) < 0; });
      if (Object.keys(b).length) bukti[f] = b;
      Array.prototype.forEach.call($('berkas-' + f).files, function (file) { files.push(['bukti_' + f + '[]', file]); });
    });
    data.bukti = bukti;
    var form = new FormData();
    form.append('data', JSON.stringify(data));
    files.forEach(function (x) { form.append(x[0], x[1], x[1].name); });
    return api('PUT', pathDesa() + '/mandiri', form);
  }

  function simpanPenilaian() {
    var body = { catatan: {} };
    KRITERIA.forEach(function (k) {
      var f = k[0];
      var v = $('tinjau-' + f).value.trim();
      if (v !== '') body[f] = Number(v);
      var c = $('tinjau-catatan-' + f).value.trim();
      if (c) body.catatan[f] = c;
    });
    return api('PUT', pathDesa() + '/penilaian', body).then(function (b) {
      info(b.message + (b.data.gerak ? ' (perubahan kategori: ' + GERAK[b.data.gerak].toLowerCase() + ')' : ''));
      tampilDesa(b.data);
    }).catch(gagal);
  }

  function bukaEvaluasi(e) {
    e.preventDefault();
    pesan(''); info('');
    var body = { nama: $('p-nama').value.trim(), mulai: $('p-mulai').value, batas_mandiri: $('p-batas').value, selesai: $('p-selesai').value };
    if ($('p-provinsi').value.trim()) body.provinsi = $('p-provinsi').value.trim();
    if ($('p-kabupaten').value.trim()) body.kabupaten = $('p-kabupaten').value.trim();
    api('POST', 'api/evaluasi', body).then(function (b) {
      $('form-putaran').reset();
      return muatPutaran().then(function () { info(b.message); });
    }).catch(gagal);
  }

  window.addEventListener('load', function () {
    $('form-masuk').addEventListener('submit', function (e) {
      e.preventDefault();
      pesan(''); info('');
      api('POST', 'auth/login', { email: $('email').value.trim(), password: $('sandi').value }).then(function (b) {
        sesi = { token: b.data.token, user: b.data.user };
        window.sessionStorage.setItem(KEY, JSON.stringify(sesi));
        $('sandi').value = '';
        return masuk();
      }).catch(gagal);
    });
    $('keluar').addEventListener('click', function () { pesan(''); info(''); keluar(); });
    $('form-putaran').addEventListener('submit', bukaEvaluasi);
    $('ke-putaran').addEventListener('click', function () { pesan(''); info(''); muatPutaran(); });
    $('ke-evaluasi').addEventListener('click', function () { pesan(''); info(''); bukaPutaran(kini.putaran); });
    $('e-status').addEventListener('change', function () { kini.halaman = 1; muatDesa(); });
    $('e-sebelum').addEventListener('click', function () { kini.halaman--; muatDesa(); });
    $('e-berikut').addEventListener('click', function () { kini.halaman++; muatDesa(); });
    if (sesi && sesi.token && sesi.user) masuk();
    else tampil('masuk');
  });
})();
`;

const ASSETS: Record<string, { contentType: string; body: string }> = {
  'evaluasi.js': { contentType: 'text/javascript; charset=utf-8', body: SCRIPT },
  'evaluasi.css': { contentType: 'text/css; charset=utf-8', body: STYLE },
};

/** A digest of the script and style: a change is a new URL, so a long cache never serves an old one. */
const VERSION = createHash('sha256').update(SCRIPT).update(STYLE).digest('hex').slice(0, 12);

/** An asset of the page by name, or undefined when it is not one. */
export function evaluationAsset(name: string): { body: string; contentType: string } | undefined {
  return Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
}

const STATES = [
  ['', 'Semua'],
  ['belum', 'Belum diisi'],
  ['draf', 'Draf'],
  ['diajukan', 'Diajukan'],
  ['dinilai', 'Dinilai'],
] as const;

/** The page; `base` is the stage prefix (lib/openapi/swagger-ui.ts basePath). */
export function evaluationPage(base: string): string {
  const asset = (name: string) => `${base}/evaluasi/${name}?v=${VERSION}`;
  const options = STATES.map(([value, text]) => `<option value="${value}">${text}</option>`).join('');
  return `${pageHead('Evaluasi Desa Wisata', asset('evaluasi.css'))}
<body>
<header><h1>Evaluasi Desa Wisata</h1><p>Penilaian mandiri, peninjauan dinas dan rekap per evaluasi</p>
<div id="akun" hidden><span id="akun-nama"></span><button id="keluar" type="button">Keluar</button></div></header>
<main>
<p id="pesan" role="alert"></p>
<p id="info" role="status"></p>
<section id="masuk" hidden>
<h2>Masuk</h2>
<form id="form-masuk" novalidate>
<label for="email">Email</label><input id="email" type="email" autocomplete="username">
<label for="sandi">Kata sandi</label><input id="sandi" type="password" autocomplete="current-password">
<div class="actions"><button type="submit">Masuk</button></div>
</form>
</section>
<section id="putaran" hidden>
<h2>Evaluasi</h2>
<ul id="daftar-putaran" class="list"></ul>
<div id="buka-putaran" hidden>
<h3>Buka evaluasi baru</h3>
<form id="form-putaran" novalidate>
<label for="p-nama">Nama evaluasi</label><input id="p-nama">
<div class="dua">
<div><label for="p-mulai">Mulai</label><input id="p-mulai" type="date"></div>
<div><label for="p-batas">Batas penilaian mandiri</label><input id="p-batas" type="date"></div>
<div><label for="p-selesai">Selesai</label><input id="p-selesai" type="date"></div>
</div>
<div class="dua">
<div><label for="p-provinsi">Provinsi (kosong: semua)</label><input id="p-provinsi"></div>
<div><label for="p-kabupaten">Kabupaten (opsional)</label><input id="p-kabupaten"></div>
</div>
<div class="actions"><button type="submit">Buka evaluasi</button></div>
</form>
</div>
</section>
<section id="evaluasi" hidden>
<button id="ke-putaran" class="kedua" type="button">← Semua evaluasi</button>
<h2 id="e-nama"></h2>
<p id="e-info" class="ket"></p>
<div id="e-filter" class="controls" hidden><label for="e-status">Status:</label><select id="e-status">${options}</select></div>
<ul id="daftar-desa" class="list"></ul>
<div id="e-halaman" class="paging" hidden><button id="e-sebelum" class="kedua" type="button">Sebelumnya</button><span id="e-hal"></span><button id="e-berikut" class="kedua" type="button">Berikutnya</button></div>
<div id="rekap" hidden></div>
</section>
<section id="desa" hidden>
<button id="ke-evaluasi" class="kedua" type="button">← Daftar desa</button>
<h2 id="d-nama"></h2>
<p id="d-info" class="ket"></p>
<div id="kriteria"></div>
<div id="aksi" class="actions"></div>
</section>
</main>
<script src="${asset('evaluasi.js')}"></script>
</body>
</html>
`;
}
