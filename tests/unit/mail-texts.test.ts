/**
 * The notification mails' texts (lib/mail/templates.ts, lib/mail/format.ts): dates as people
 * write them, no doubled word before a name, a link to the exact page and to /akun, and the
 * review's sentence when the category went down.
 */
import { describe, expect, it } from 'vitest';
import { pages, periode, startsWithWord, tanggal } from '../../lib/mail/format';
import {
  assessmentReturnedMail,
  assessmentSubmittedMail,
  reminderMail,
  reviewPublishedMail,
  roundOpenedMail,
  statusChangedMail,
  villageHandedOverMails,
  type NoticeMailInput,
} from '../../lib/mail/templates';

const WEB = 'https://d111.cloudfront.net';
const input: NoticeMailInput = { name: 'Sri', web: WEB };
const round = {
  id_evaluasi: 'EVAL-abc123def4',
  nama: 'Evaluasi 2026',
  mulai: '2026-12-01',
  batas_mandiri: '2026-12-20',
  selesai: '2027-01-31',
};
const pentingsari = { kd_desa: 'DESA-pent000001', nama_desa: 'Pentingsari' };
const ponggok = { kd_desa: 'DESA-pong000002', nama_desa: 'Ponggok' };
const ISO_DAY = /\b\d{4}-\d{2}-\d{2}\b/;

/** Every mail a round of these makes, for the rules that hold for all of them. */
const allNotices = () => [
  roundOpenedMail('a@x.id', input, round),
  reminderMail('a@x.id', input, round, [pentingsari, ponggok]),
  reminderMail('a@x.id', input, round, [pentingsari]),
  assessmentSubmittedMail('d@x.id', input, round, pentingsari),
  reviewPublishedMail('a@x.id', input, round, pentingsari, 'Berkembang', 70, { kategori: 'Maju', gerak: 'turun' }),
  statusChangedMail('a@x.id', input, pentingsari, 'aktif', ''),
  assessmentReturnedMail('a@x.id', input, round, pentingsari, 'Foto homestay belum ada'),
];

describe('dates', () => {
  it('are written "20 Desember 2026": the day without a leading zero, the month by name', () => {
    expect(tanggal('2026-12-20')).toBe('20 Desember 2026');
    expect(tanggal('2027-01-04')).toBe('4 Januari 2027');
    expect(tanggal('2026-05-31')).toBe('31 Mei 2026');
    expect(tanggal('')).toBe(''); // none known: nothing made up
  });

  it('a period writes a shared month and year once', () => {
    expect(periode('2026-12-01', '2026-12-20')).toBe('1–20 Desember 2026');
    expect(periode('2026-11-20', '2026-12-05')).toBe('20 November – 5 Desember 2026');
    expect(periode('2026-12-01', '2027-01-31')).toBe('1 Desember 2026 – 31 Januari 2027');
    expect(periode('2026-12-01', '2026-12-01')).toBe('1 Desember 2026');
  });

  it('no mail writes an ISO date, in its subject, text or HTML', () => {
    for (const mail of allNotices()) {
      expect(mail.subject, mail.subject).not.toMatch(ISO_DAY);
      expect(mail.text, mail.subject).not.toMatch(ISO_DAY);
      expect(mail.html, mail.subject).not.toMatch(ISO_DAY);
    }
    const opened = roundOpenedMail('a@x.id', input, round);
    expect(opened.text).toContain('(1 Desember 2026 – 31 Januari 2027)');
    expect(opened.text).toContain('paling lambat 20 Desember 2026.');
    expect(reminderMail('a@x.id', input, round, [pentingsari]).subject).toBe(
      'Pengingat: penilaian mandiri Evaluasi 2026 ditutup 20 Desember 2026',
    );
  });
});

describe('names', () => {
  it('a round named "Evaluasi …" is not called "evaluasi Evaluasi …"; another name keeps the word before it', () => {
    for (const mail of allNotices()) expect(`${mail.subject}\n${mail.text}`).not.toMatch(/\bevaluasi\s+evaluasi\b/i);
    expect(roundOpenedMail('a@x.id', input, round).text).toContain('Dinas pariwisata membuka Evaluasi 2026 (');
    const other = { ...round, nama: 'Penilaian DIY 2026' };
    expect(roundOpenedMail('a@x.id', input, other).text).toContain('membuka evaluasi Penilaian DIY 2026 (');
    expect(assessmentSubmittedMail('d@x.id', input, other, pentingsari).text).toContain('dalam evaluasi Penilaian DIY 2026.');
  });

  it('nor a village named "Desa …" "desa Desa …"', () => {
    const desa = { kd_desa: 'DESA-x', nama_desa: 'Desa Ponggok' };
    const mails = [
      assessmentSubmittedMail('d@x.id', input, round, desa),
      reviewPublishedMail('a@x.id', input, round, desa, 'Maju', 80),
      statusChangedMail('a@x.id', input, desa, 'aktif', ''),
      ...Object.values(
        villageHandedOverMails({
          village: { kd_desa: 'DESA-x', nama_popular: 'Desa Wisata Ponggok' },
          previous: { email: 'a@x.id', name: 'A' },
          next: { email: 'b@x.id', name: 'B' },
        }),
      ),
    ];
    for (const mail of mails) expect(`${mail.subject}\n${mail.text}`).not.toMatch(/\bdesa\s+(wisata\s+)?desa\b/i);
    expect(startsWithWord('Evaluasi 2026', 'evaluasi')).toBe(true);
    expect(startsWithWord('Evaluasian', 'evaluasi')).toBe(false);
    expect(startsWithWord('Desa_1a2b', 'desa')).toBe(false);
  });

  it("a reminder names each of the manager's villages that has not submitted, with its page", () => {
    const mail = reminderMail('a@x.id', input, round, [pentingsari, ponggok]);
    expect(mail.text).toContain('Penilaian mandiri 2 desa Anda dalam Evaluasi 2026 belum diajukan:');
    expect(mail.text).toContain(`• Pentingsari (DESA-pent000001): ${WEB}/evaluasi/EVAL-abc123def4/desa/DESA-pent000001\n`);
    expect(mail.text).toContain(`• Ponggok (DESA-pong000002): ${WEB}/evaluasi/EVAL-abc123def4/desa/DESA-pong000002`);
    expect(mail.html).toContain('<strong>Pentingsari</strong>');
    expect(mail.html).toContain(`<a href="${WEB}/evaluasi/EVAL-abc123def4/desa/DESA-pong000002">`);
  });
});

describe('links', () => {
  it('each mail links to the page of what it tells, in its text and its HTML', () => {
    const village = pages(WEB).village(round.id_evaluasi, pentingsari.kd_desa);
    const cases = [
      [roundOpenedMail('a@x.id', input, round), `${WEB}/evaluasi/EVAL-abc123def4`],
      [assessmentSubmittedMail('d@x.id', input, round, pentingsari), village],
      [reviewPublishedMail('a@x.id', input, round, pentingsari, 'Maju', 80), village],
    ] as const;
    for (const [mail, href] of cases) {
      expect(mail.text, mail.subject).toContain(href);
      expect(mail.html, mail.subject).toContain(`<a href="${href}">${href}</a>`);
    }
    expect(village).toBe(`${WEB}/evaluasi/EVAL-abc123def4/desa/DESA-pent000001`);
  });

  it('the notification settings they mention are the page /akun', () => {
    for (const mail of allNotices()) {
      expect(mail.text, mail.subject).toMatch(/pengaturan notifikasi akun: https:\/\/d111\.cloudfront\.net\/akun$/);
      expect(mail.html, mail.subject).toContain(`<a href="${WEB}/akun">`);
    }
  });

  it("a request's or status's mail, which has no page of its own, points at the web app when it is known", () => {
    const mail = statusChangedMail('a@x.id', { ...input, link: 'https://desawisata.example.com' }, pentingsari, 'aktif', '');
    expect(mail.text).toContain('Buka aplikasi desa wisata: https://desawisata.example.com');
    expect(statusChangedMail('a@x.id', input, pentingsari, 'aktif', '').text).not.toContain('Buka aplikasi');
  });

  it('names and links are escaped in the HTML', () => {
    const mail = assessmentSubmittedMail('d@x.id', input, { ...round, nama: 'A & <b>' }, pentingsari);
    expect(mail.html).toContain('<strong>A &amp; &lt;b&gt;</strong>');
  });
});

describe('the review', () => {
  it('says when the category went down from the one before the round, in the subject and the text', () => {
    const mail = reviewPublishedMail('a@x.id', input, round, pentingsari, 'Berkembang', 70, { kategori: 'Maju', gerak: 'turun' });
    expect(mail.subject).toBe('Hasil penilaian desa Pentingsari: Berkembang (turun dari Maju)');
    expect(mail.text).toContain('Kategori desa sekarang: Berkembang (rata-rata 70).');
    expect(mail.text).toContain('Kategori ini turun dari Maju, kategori desa sebelum evaluasi ini.');
    expect(mail.html).toContain('<strong>turun dari Maju</strong>');
  });

  it('up or the same: said plainly; unscored before, or unknown: only the new category', () => {
    const up = reviewPublishedMail('a@x.id', input, round, pentingsari, 'Maju', 80, { kategori: 'Berkembang', gerak: 'naik' });
    expect(up.subject).toBe('Hasil penilaian desa Pentingsari: Maju');
    expect(up.text).toContain('Kategori ini naik dari Berkembang');
    const same = reviewPublishedMail('a@x.id', input, round, pentingsari, 'Maju', 80, { kategori: 'Maju', gerak: 'tetap' });
    expect(same.text).toContain('sama dengan kategori desa sebelum evaluasi ini');
    for (const before of [undefined, { kategori: 'belum', gerak: 'baru' as const }]) {
      const mail = reviewPublishedMail('a@x.id', input, round, pentingsari, 'Maju', 80, before);
      expect(mail.text).not.toMatch(/turun|naik|sebelum/);
    }
  });
});
