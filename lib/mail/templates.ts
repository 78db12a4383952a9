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

export interface HandoverMailInput {
  /** The village as it is after the hand-over. */
  village: { kd_desa: string; nama_popular: string };
  previous: { email: string; name: string };
  next: { email: string; name: string };
}

/** A mail from paragraphs whose parts are plain text, or `{ strong }` text shown in bold in the HTML part. */
function mailOf(to: string, subject: string, paragraphs: Array<Array<string | { strong: string }>>): Mail {
  const plain = (part: string | { strong: string }) => (typeof part === 'string' ? part : part.strong);
  const html = (part: string | { strong: string }) =>
    typeof part === 'string' ? escapeHtml(part) : `<strong>${escapeHtml(part.strong)}</strong>`;
  return {
    to,
    subject,
    text: paragraphs.map((p) => p.map(plain).join('')).join('\n\n'),
    html: page(
      subject,
      paragraphs.map((p) => p.map(html).join('')),
    ),
  };
}

/**
 * The notices of a hand-over (PUT /api/desa-wisata/{kd} naming another manager's e-mail):
 * one to the previous manager, one to the new one, sent after the change committed.
 */
export function villageHandedOverMails({ village, previous, next }: HandoverMailInput): { previous: Mail; next: Mail } {
  const subject = 'Serah Terima Desa Wisata';
  const what = ['desa wisata ', { strong: village.nama_popular }, ` (${village.kd_desa})`];
  return {
    previous: mailOf(previous.email, subject, [
      [`Halo ${previous.name},`],
      ['Pengelolaan ', ...what, ` telah Anda serahkan kepada ${next.name} (${next.email}). Akun Anda tidak lagi dapat mengelolanya.`],
      ['Jika Anda tidak melakukan perubahan ini, segera hubungi admin.'],
    ]),
    next: mailOf(next.email, subject, [
      [`Halo ${next.name},`],
      [
        'Pengelolaan ',
        ...what,
        ` telah diserahkan kepada akun Anda oleh ${previous.name} (${previous.email}). Setelah login, Anda dapat mengelolanya.`,
      ],
      ['Jika Anda tidak bersedia mengelolanya, Anda dapat menyerahkannya kembali atau menghapusnya.'],
    ]),
  };
}
