/**
 * The monthly-report reminder's mail (lib/mail/templates.ts) and the send-now body
 * (lib/domain/monitoring-reminders.ts), without the local services.
 */
import { describe, expect, it } from 'vitest';
import { reportReminderInput } from '../../lib/domain/monitoring-reminders';
import { reportReminderMail, type NoticeMailInput } from '../../lib/mail/templates';

const WEB = 'https://d111.cloudfront.net';
const input: NoticeMailInput = { name: 'Sri', web: WEB };
const pentingsari = { kd_desa: 'DESA-pent000001', nama_desa: 'Pentingsari' };
const ponggok = { kd_desa: 'DESA-pong000002', nama_desa: 'Ponggok' };
const base = { bulan: '2026-10', kedua: false, batas: '2026-11-10', lewat: false };

describe('the monthly-report reminder mail', () => {
  it('names the month as people write it, each village with its monitoring page, the deadline and /akun', () => {
    const mail = reportReminderMail('a@x.id', input, { ...base, villages: [pentingsari, ponggok] });
    expect(mail.to).toBe('a@x.id');
    expect(mail.subject).toBe('Pengingat: laporan bulanan Oktober 2026 belum diisi');
    expect(mail.text).toContain('Halo Sri,');
    expect(mail.text).toContain('Laporan bulanan 2 desa Anda untuk Oktober 2026');
    expect(mail.text).toContain(`• Pentingsari (DESA-pent000001): ${WEB}/pemantauan/desa/DESA-pent000001`);
    expect(mail.text).toContain(`• Ponggok (DESA-pong000002): ${WEB}/pemantauan/desa/DESA-pong000002`);
    expect(mail.text).toContain('Batas pelaporan: 10 November 2026.');
    expect(mail.text).toContain(`${WEB}/akun`);
    expect(mail.text).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
    expect(mail.html).toContain(`<a href="${WEB}/pemantauan/desa/DESA-pent000001">`);
    expect(mail.html).toContain('<strong>Oktober 2026</strong>');
  });

  it('the second one says so; past the deadline it says the report is still taken, marked late; names are escaped in HTML', () => {
    const mail = reportReminderMail('a@x.id', input, {
      ...base,
      kedua: true,
      lewat: true,
      villages: [{ kd_desa: 'DESA-x', nama_desa: 'Kali <Biru>' }],
    });
    expect(mail.subject).toBe('Pengingat kedua: laporan bulanan Oktober 2026 belum diisi');
    expect(mail.text).toContain('Laporan bulanan desa Anda untuk Oktober 2026');
    expect(mail.text).toContain('Batas pelaporan 10 November 2026 sudah lewat. Laporan tetap dapat diisi dan akan ditandai terlambat.');
    expect(mail.html).toContain('Kali &lt;Biru&gt;');
    expect(mail.html).not.toContain('<Biru>');
  });
});

describe('the send-now body', () => {
  const ok = (body: unknown) => reportReminderInput.safeParse(body).success;
  it('takes a month through this one and an optional region; refuses the rest', () => {
    expect(ok({ bulan: '2026-01' })).toBe(true);
    expect(ok({ bulan: '2026-01', provinsi: 'Jawa Tengah', kabupaten: 'Magelang' })).toBe(true);
    for (const bad of [
      {},
      { bulan: '2026-13' },
      { bulan: '0000-00' },
      { bulan: '1999-12' },
      { bulan: '9999-01' },
      { bulan: 202601 },
      { bulan: '2026-01', kabupaten: 'Magelang' },
      { bulan: '2026-01', provinsi: '' },
      { bulan: '2026-01', provinsi: 'A#B' },
      { bulan: '2026-01', provinsi: 'Jawa\nTengah' },
      { bulan: '2026-01', semua: true },
    ])
      expect(ok(bad), JSON.stringify(bad)).toBe(false);
  });
});
