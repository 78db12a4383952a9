/**
 * /evaluasi (web/src/evaluasi) in headless Chromium, the whole cycle of a round through the
 * pages alone, at a desk (1280×800) and on a phone (390×844): dinas opens a round from the
 * drop-downs; the village's manager fills the self-assessment with two phone photos (4000×3000
 * JPEGs over 4 MB, shrunk in the browser and sent one per request) and submits it after the
 * confirmation; dinas returns it for correction; the manager corrects and submits again; dinas
 * saves the review as a draft, publishes it, downloads the XLSX, sends a reminder and opens the
 * print view; a second round is deleted. After each action the result message is inside the
 * viewport; axe-core finds no serious or critical violation on any view; Back, reload and a
 * new tab keep the view and the sign-in. Screenshots in .local/screens/evaluasi-*.png.
 *
 * Without /usr/bin/chromium the test is skipped with a message, except in CI.
 */
// first: this file's lib/ uses the table and bucket of the run's shared server
import '../support/offline-table';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import { MSG } from '../../lib/contract/messages';
import { ROOT } from '../../scripts/local-stack';
import { uniqueName } from '../support/api';
import { browserTest } from '../support/browser';
import { CRITERIA } from '../support/criteria';
import { day, newRound } from '../support/evaluations';
import { DESK, expectAccessible, expectFitsWidth, PHONE, resultInView, screenshot, signIn, watchPage } from '../support/page-checks';
import { makeUsers } from '../support/users';
import { makeVillage } from '../support/villages';

const SELF = [70, 65, 72, 60, 68, 75];
// mean 78.3 → 78: Maju
const REVIEW = [80, 78, 76, 74, 82, 80];

/** A phone's photo: 4000×3000, JPEG, over 4 MB (smooth noise: it does not compress). */
async function phonePhoto(): Promise<Buffer> {
  const w = 1000;
  const h = 750;
  return sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
    .resize(4000, 3000)
    .jpeg({ quality: 92 })
    .toBuffer();
}

let photos: Buffer[] = [];
/** The two photos, made once (while the server starts). */
const makePhotos = async () => {
  if (!photos.length) photos = await Promise.all([phonePhoto(), phonePhoto()]);
};

for (const [size, viewport] of [
  ['desk', DESK],
  ['phone', PHONE],
] as const)
  browserTest(
    {
      file: 'tests/evaluations/page.browser.test.ts',
      title: `/evaluasi in headless chromium at ${viewport.width}×${viewport.height}`,
      viewport,
      prepare: makePhotos,
      timeout: 600_000,
      pageTimeout: 60_000,
    },
    'a round from opening to the print view: submit with two phone photos, return, resubmit, draft review, publish, export, remind; and a round deleted',
    async ({ base, context, page }) => {
      expect(photos[0]!.length).toBeGreaterThan(4 * 1024 * 1024);
      const provinsi = uniqueName('Provinsi Halaman');
      const [dinas, owner] = await makeUsers('dinas', 'pengelola');
      const village = await makeVillage(owner, { provinsi, kabupaten: 'Sleman', nama_desa: `Desa Uji ${size}` });
      const kd = village.kd_desa;

      const exported: string[] = [];
      const { outside, problems } = watchPage(page, base, {
        refusals: true,
        allow: (u, r) => {
          if (u.startsWith('blob:')) return true;
          // the XLSX: the page navigates to its private link (`tautan=1`), which arrives as a download
          const isExport = r.isNavigationRequest() && /\/exports\/[0-9a-f-]{36}\/evaluasi-[^/]+\.xlsx$/.test(new URL(u).pathname);
          if (isExport) exported.push(u);
          return isExport;
        },
      });

      const shot = (name: string) => screenshot(page, `evaluasi-${size}-${name}`);
      // what the person sees at that moment (a dialog, a result beside the sticky actions)
      const seen = (name: string) => page.screenshot({ path: join(ROOT, '.local', 'screens', `evaluasi-${size}-${name}-layar.png`) });
      const check = async (name: string) => {
        await expectAccessible(page, `${name} at ${size}`);
        await shot(name);
      };
      const ok = async (text: string) => expect(await resultInView(page, 'ok')).toContain(text);
      const button = (name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' });
      const signOut = async () => {
        await button('Keluar').click();
        await page.locator('#f-email').waitFor();
        expect(await page.evaluate(() => (globalThis as any).localStorage.length as number)).toBe(0);
      };
      const villagePath = (id: string) => `${base}/evaluasi/${id}/desa/${kd}`;

      // sign in, as dinas
      expect((await page.goto(`${base}/evaluasi`))?.status()).toBe(200);
      await page.locator('#f-email').waitFor();
      await check('masuk');
      await signIn(page, dinas.email);
      await page.getByRole('heading', { name: 'Evaluasi', level: 1 }).waitFor();

      // opening a round: an empty form is refused with a summary in view, then the region from the drop-downs
      await page.getByRole('link', { name: 'Buka evaluasi baru' }).click();
      await page.waitForURL(`${base}/evaluasi/baru`);
      await page.locator(`#f-provinsi option[value="${provinsi}"]`).waitFor({ state: 'attached' });
      await button('Buka evaluasi').click();
      const summary = page.locator('.summary[data-notice="error"]');
      expect(await resultInView(page, 'error')).toContain('Nama evaluasi wajib diisi');
      expect(await summary.evaluate((e) => e === (globalThis as any).document.activeElement)).toBe(true);
      const nama = `Evaluasi Halaman ${size} ${provinsi}`;
      await page.fill('#f-nama', nama);
      await page.fill('#f-mulai', day(-1));
      await page.fill('#f-batas_mandiri', day(10));
      await page.fill('#f-selesai', day(20));
      await page.selectOption('#f-provinsi', provinsi);
      await page.selectOption('#f-kabupaten', 'Sleman');
      expect(await page.textContent('[data-in-scope]')).toContain('1 desa dalam cakupan');
      await check('baru');
      await expectFitsWidth(page);
      await button('Buka evaluasi').click();
      await ok(MSG.evaluationCreated);
      const id = /\/evaluasi\/([^/]+)$/.exec(page.url())![1]!;
      expect(id).toMatch(/^EVAL-/);
      await page.locator(`tr[data-kd="${kd}"]`).waitFor();
      expect(await page.textContent(`tr[data-kd="${kd}"]`)).toContain('Belum diisi');
      expect(await page.textContent('[data-rekap="desa"] b')).toBe('1');
      await check('rekap-baru');
      await expectFitsWidth(page);
      // a reload keeps the view and the sign-in, the result is not shown again
      await page.reload();
      await page.locator(`tr[data-kd="${kd}"]`).waitFor();
      expect(await page.locator('[data-notice="ok"]').count()).toBe(0);
      await signOut();

      // the manager, from a link to the round: their village, its form
      await page.goto(`${base}/evaluasi/${id}`);
      await signIn(page, owner.email);
      await page.getByRole('heading', { name: 'Desa Anda dalam evaluasi ini' }).waitFor();
      expect(await page.textContent(`li[data-kd="${kd}"]`)).toContain('Belum diisi');
      await check('pengelola-putaran');
      await page.locator(`li[data-kd="${kd}"] a`).click();
      await page.waitForURL(villagePath(id));
      await page.locator('#f-nilai-partisipasi_masyarakat').waitFor();
      await check('mandiri-kosong');
      await expectFitsWidth(page);

      // wrong values and a link without https: the summary names them in words, each beside its field
      await page.fill('#f-nilai-partisipasi_masyarakat', '150');
      await page.fill('#f-tautan-partisipasi_masyarakat', 'http://example.org/laporan');
      await button('Simpan draf').click();
      const refused = await resultInView(page, 'error');
      expect(refused).toContain('Nilai Partisipasi masyarakat harus 1–100');
      expect(refused).toContain('Tautan harus diawali https://');
      expect(await page.textContent('#f-nilai-partisipasi_masyarakat-error')).toBe('Nilai Partisipasi masyarakat harus 1–100');
      // the summary's link takes the person to the field
      await summary.getByRole('link', { name: /Tautan harus diawali/ }).click();
      expect(await page.evaluate(() => (globalThis as any).document.activeElement.id)).toBe('f-tautan-partisipasi_masyarakat');
      await check('mandiri-salah');

      for (const [i, c] of CRITERIA.entries()) await page.fill(`#f-nilai-${c}`, String(SELF[i]));
      await page.fill('#f-catatan-partisipasi_masyarakat', 'Rapat warga bulanan, 45 orang hadir');
      await page.fill('#f-tautan-partisipasi_masyarakat', 'https://example.org/laporan-warga');

      // two phone photos: shrunk here, one request each, with progress
      const uploads: Promise<number>[] = [];
      page.on('requestfinished', (r) => {
        if (r.method() === 'POST' && r.url().endsWith('/mandiri/bukti')) uploads.push(r.headerValue('content-length').then(Number));
      });
      await page.setInputFiles('#f-berkas-partisipasi_masyarakat', [
        { name: 'rapat-1.jpg', mimeType: 'image/jpeg', buffer: photos[0]! },
        { name: 'rapat-2.jpg', mimeType: 'image/jpeg', buffer: photos[1]! },
      ]);
      await ok('2 berkas berhasil diunggah');
      await seen('mandiri-unggah');
      expect(uploads).toHaveLength(2);
      for (const bytes of await Promise.all(uploads)) {
        expect(bytes).toBeGreaterThan(50_000);
        expect(bytes).toBeLessThan(4 * 1024 * 1024);
      }
      expect(await page.locator('[data-berkas="partisipasi_masyarakat"] li').count()).toBe(2);
      // a PDF larger than one request carries: refused in words before anything is sent
      await page.setInputFiles('#f-berkas-akses_tempat_wisata', {
        name: 'laporan-besar.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5 * 1024 * 1024, 32)]),
      });
      expect(await resultInView(page, 'error')).toContain('"laporan-besar.pdf" berukuran 5 MB, lebih besar dari batas 4 MB per berkas');
      expect(await page.textContent('#f-berkas-akses_tempat_wisata-error')).toContain('Perkecil berkasnya');
      expect(uploads).toHaveLength(2);
      await button('Simpan draf').click();
      await ok(MSG.selfAssessmentSaved);
      await seen('mandiri-draf');
      await check('mandiri-draf');

      // submitting asks first, with what will be sent; keyboard only
      await button('Simpan dan ajukan').focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Ajukan penilaian mandiri?' });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('1 tautan, 2 berkas');
      await expectAccessible(page, `submit confirmation at ${size}`);
      await seen('mandiri-konfirmasi');
      await page.keyboard.press('Tab'); // from "Batal" to "Ya, ajukan"
      await page.keyboard.press('Enter');
      await ok(MSG.selfAssessmentSubmitted);
      await seen('mandiri-diajukan');
      expect(await page.textContent('[data-banner="terkunci"]')).toContain('sudah diajukan pada');
      expect(await page.locator('#f-nilai-partisipasi_masyarakat').count()).toBe(0);
      await check('mandiri-diajukan');
      await expectFitsWidth(page);
      // Back goes to the round's page, forward to the village again
      await page.goBack();
      await page.waitForURL(`${base}/evaluasi/${id}`);
      await page.locator(`li[data-kd="${kd}"]`).waitFor();
      expect(await page.textContent(`li[data-kd="${kd}"]`)).toContain('Diajukan');
      await page.goForward();
      await page.waitForURL(villagePath(id));
      await signOut();

      // dinas returns it for correction, with a note
      await signIn(page, dinas.email);
      await page.locator('[data-mandiri="partisipasi_masyarakat"]').waitFor();
      expect(await page.textContent('[data-mandiri="partisipasi_masyarakat"]')).toContain('Rapat warga bulanan');
      expect(await page.locator('[data-mandiri="partisipasi_masyarakat"] .files li').count()).toBe(2);
      await check('tinjau-diajukan');
      await button('Kembalikan untuk perbaikan').click();
      const back = page.getByRole('dialog', { name: /Kembalikan penilaian mandiri/ });
      await back.getByRole('button', { name: 'Kembalikan' }).click();
      expect(await back.locator('#f-catatan-kembali-error').textContent()).toBe('Tulis apa yang perlu diperbaiki');
      await seen('tinjau-kembalikan');
      await back.locator('#f-catatan-kembali').fill('Lampirkan daftar hadir rapat warga');
      await back.getByRole('button', { name: 'Kembalikan' }).click();
      await ok(MSG.selfAssessmentReturned);
      await check('tinjau-dikembalikan');
      await signOut();

      // the manager corrects and submits again
      await signIn(page, owner.email);
      await page.locator('[data-banner="dikembalikan"]').waitFor();
      expect(await page.textContent('[data-banner="dikembalikan"]')).toContain('Lampirkan daftar hadir rapat warga');
      expect(await page.inputValue('#f-nilai-keramahan_difabel')).toBe(String(SELF[3]));
      await page.fill('#f-nilai-keramahan_difabel', '62');
      await check('mandiri-dikembalikan');
      await button('Simpan dan ajukan').click();
      await page.getByRole('dialog').getByRole('button', { name: 'Ya, ajukan' }).click();
      await ok(MSG.selfAssessmentSubmitted);
      await signOut();

      // dinas reviews: a draft first (the manager does not see it), then published after the confirmation
      await signIn(page, dinas.email);
      await page.locator('#f-tinjau-partisipasi_masyarakat').waitFor();
      for (const [i, c] of CRITERIA.entries()) await page.fill(`#f-tinjau-${c}`, String(REVIEW[i]));
      await page.fill('#f-tinjau-catatan-keramahan_difabel', 'Belum ada jalur kursi roda ke area utama');
      await button('Simpan draf').click();
      await ok(MSG.reviewDraftSaved);
      await page.reload();
      await page.locator('[data-banner="draf-penilaian"]').waitFor();
      expect(await page.inputValue('#f-tinjau-keramahan_difabel')).toBe(String(REVIEW[3]));
      await check('tinjau-draf');
      await expectFitsWidth(page);
      await button('Terbitkan penilaian').click();
      const publish = page.getByRole('dialog', { name: 'Terbitkan penilaian ini?' });
      expect(await publish.textContent()).toContain('Rata-rata 78, kategori Maju');
      await seen('tinjau-konfirmasi');
      await publish.getByRole('button', { name: 'Ya, terbitkan' }).click();
      await ok(MSG.reviewSaved);
      await seen('tinjau-terbit');
      expect(await page.textContent('#judul-hasil + p')).toContain('Maju');
      await check('tinjau-terbit');

      // the round: rekap, export, reminder
      await page.getByRole('link', { name: '← Kembali ke evaluasi' }).click();
      await page.locator('[data-rekap="dinilai"]').waitFor();
      expect(await page.textContent('[data-rekap="dinilai"] b')).toBe('1');
      expect(await page.textContent(`tr[data-kabupaten="Sleman"] [data-state="dinilai"]`)).toBe('1');
      expect(await page.textContent(`tr[data-provinsi="${provinsi}"]`)).toContain(provinsi);
      // both means over the same villages, with their number
      expect(await page.getAttribute('[data-averages-n]', 'data-averages-n')).toBe('1');
      expect(await page.textContent('[data-averages-n]')).toBe('Dibandingkan pada 1 desa yang sudah diajukan dan dinilai.');
      expect(await page.textContent('table[data-averages="banding"] tr[data-kriteria="keramahan_difabel"]')).toContain(String(REVIEW[3]));
      await page.fill('input[type="search"]', 'tidak ada desa ini');
      expect(await page.textContent('[data-shown]')).toContain('0 dari 1 desa');
      await page.fill('input[type="search"]', `Uji ${size}`);
      expect(await page.textContent('[data-shown]')).toBe('1 desa');
      const [download] = await Promise.all([page.waitForEvent('download'), button('Unduh rekap (Excel)').click()]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      await ok(download.suggestedFilename());
      await button('Kirim pengingat').click();
      await ok(MSG.reminderQueued);
      await page.locator('[data-last-reminder]:not([data-last-reminder=""])').waitFor();
      expect(await page.textContent('[data-last-reminder]')).toContain('Pengingat terakhir dikirim');
      await button('Kirim pengingat').click();
      expect(await resultInView(page, 'error')).toContain(MSG.reminderAlreadySent);
      await check('rekap');
      await expectFitsWidth(page);

      // a new tab with the round's link: still signed in
      const tab = await context.newPage();
      await tab.goto(`${base}/evaluasi/${id}`);
      await tab.locator('[data-rekap="dinilai"]').waitFor();
      await tab.close();

      // the print view: title, region, date; no buttons on paper
      await page.getByRole('link', { name: 'Cetak / PDF' }).click();
      await page.waitForURL(`${base}/evaluasi/${id}/cetak`);
      await page.getByRole('heading', { name: `Rekap ${nama}` }).waitFor();
      expect(await page.textContent('.print-view')).toContain(`Sleman, ${provinsi}`);
      expect(await page.textContent('.printed')).toMatch(/^Dicetak \d{1,2} \S+ \d{4}$/);
      await check('cetak');
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('button:visible').count()).toBe(0);
      expect(await page.locator('header.top').isVisible()).toBe(false);
      await shot('cetak-kertas');
      await page.emulateMedia({ media: 'screen' });

      // the manager sees the published review
      await signOut();
      await page.goto(villagePath(id));
      await signIn(page, owner.email);
      await page.locator('[data-banner="terkunci"]').waitFor();
      expect(await page.textContent('[data-banner="terkunci"]')).toContain('sudah dinilai dinas');
      expect(await page.textContent('[data-penilaian="keramahan_difabel"]')).toContain('Belum ada jalur kursi roda');
      await check('mandiri-dinilai');
      await signOut();

      // a second round, deleted after the confirmation
      const other = await newRound(dinas.token, { nama: `Hapus ${provinsi}`, provinsi, mulai: day(5), batas_mandiri: day(10) });
      await page.goto(`${base}/evaluasi/${other}`);
      await signIn(page, dinas.email);
      await button('Hapus evaluasi').click();
      const del = page.getByRole('dialog', { name: 'Hapus evaluasi ini?' });
      await expectAccessible(page, `delete confirmation at ${size}`);
      await seen('hapus-konfirmasi');
      await del.getByRole('button', { name: 'Ya, hapus' }).click();
      await page.waitForURL(/\/evaluasi\/?$/);
      await ok(MSG.evaluationDeleted);
      expect(await page.locator(`[data-round="${other}"]`).count()).toBe(0);
      await check('daftar');
      await expectFitsWidth(page);

      expect(outside, 'requests to anything but this origin').toEqual([]);
      expect(exported, 'the export link, navigated to once').toHaveLength(1);
      expect(problems, 'page errors').toEqual([]);
      await page.close();
    },
  );
