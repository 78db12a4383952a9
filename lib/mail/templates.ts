import type { Mail } from './ses';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function page(title: string, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p>${p}</p>`).join('\n');
  return `<!doctype html><html lang="id"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:sans-serif">${body}</body></html>`;
}

/** The reset-code e-mail (POST /auth/password). */
export function resetCodeMail(to: string, name: string, code: string, validMinutes: number): Mail {
  const subject = 'Kode Reset Password Desa Wisata';
  const text = [
    `Halo ${name},`,
    '',
    `Kode reset password Anda adalah: ${code}`,
    `Kode ini berlaku selama ${validMinutes} menit dan hanya dapat digunakan sekali.`,
    '',
    'Jika Anda tidak meminta reset password, abaikan email ini.',
  ].join('\n');
  const html = page(subject, [
    `Halo ${escapeHtml(name)},`,
    `Kode reset password Anda adalah: <strong style="font-size:1.4em;letter-spacing:0.2em">${code}</strong>`,
    `Kode ini berlaku selama ${validMinutes} menit dan hanya dapat digunakan sekali.`,
    'Jika Anda tidak meminta reset password, abaikan email ini.',
  ]);
  return { to, subject, text, html };
}

/** The notice sent when an admin verifies an account (PUT /auth/verify/:email). */
export function accountVerifiedMail(to: string, name: string): Mail {
  const subject = 'Akun Desa Wisata Anda Telah Diverifikasi';
  const text = [
    `Halo ${name},`,
    '',
    'Akun Anda telah diverifikasi oleh admin. Sekarang Anda dapat login ke sistem pengelolaan desa wisata.',
  ].join('\n');
  const html = page(subject, [
    `Halo ${escapeHtml(name)},`,
    'Akun Anda telah diverifikasi oleh admin. Sekarang Anda dapat login ke sistem pengelolaan desa wisata.',
  ]);
  return { to, subject, text, html };
}
