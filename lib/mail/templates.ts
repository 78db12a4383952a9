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

/** What a notification mail names (lib/domain/notifications.ts reads it when the mail is sent). */
export interface NoticeMailInput {
  /** The recipient's name. */
  name: string;
  /** Where the web app is (the stage's front-end origin), if known: the mail ends with it. */
  link?: string;
}
type Round = { nama: string; mulai: string; batas_mandiri: string; selesai: string };
type Village = { nama_desa: string; kd_desa: string };

/** Every notification mail ends alike: where to act, and how to stop such mails. */
function noticeMail(
  to: string,
  subject: string,
  input: NoticeMailInput,
  body: Array<Array<string | { strong: string }>>,
  reminder = false,
) {
  return mailOf(to, subject, [
    [`Halo ${input.name},`],
    ...body,
    ...(input.link ? [[`Buka aplikasi desa wisata: ${input.link}`]] : []),
    [
      reminder
        ? 'Anda menerima pengingat ini karena pengingat evaluasi aktif di akun Anda; Anda dapat mematikannya di pengaturan notifikasi akun.'
        : 'Anda menerima pemberitahuan ini karena pemberitahuan perubahan aktif di akun Anda; Anda dapat mematikannya di pengaturan notifikasi akun.',
    ],
  ]);
}

/** A round was opened (to the manager of a village in its scope). */
export const roundOpenedMail = (to: string, input: NoticeMailInput, round: Round): Mail =>
  noticeMail(to, `Evaluasi desa wisata dibuka: ${round.nama}`, input, [
    ['Dinas pariwisata membuka evaluasi ', { strong: round.nama }, ` (${round.mulai} s.d. ${round.selesai}).`],
    ['Isi dan ajukan penilaian mandiri desa Anda paling lambat ', { strong: round.batas_mandiri }, '.'],
  ]);

/** Self-assessment closes soon and the village has not submitted (to its manager). */
export const reminderMail = (to: string, input: NoticeMailInput, round: Round, villages: Village[]): Mail =>
  noticeMail(
    to,
    `Pengingat: penilaian mandiri ${round.nama} ditutup ${round.batas_mandiri}`,
    input,
    [
      [
        'Penilaian mandiri desa ',
        { strong: villages.map((v) => v.nama_desa).join(', ') },
        ' dalam evaluasi ',
        { strong: round.nama },
        ' belum diajukan.',
      ],
      ['Batas pengajuan: ', { strong: round.batas_mandiri }, '.'],
    ],
    true,
  );

/** A village submitted its self-assessment (to dinas). */
export const assessmentSubmittedMail = (to: string, input: NoticeMailInput, round: Round, village: Village): Mail =>
  noticeMail(to, `Penilaian mandiri diajukan: ${village.nama_desa}`, input, [
    [
      'Desa ',
      { strong: village.nama_desa },
      ` (${village.kd_desa}) telah mengajukan penilaian mandiri dalam evaluasi `,
      { strong: round.nama },
      '.',
    ],
    ['Penilaian mandiri ini siap ditinjau.'],
  ]);

/** A village was reviewed (to its manager): the new category. */
export const reviewPublishedMail = (
  to: string,
  input: NoticeMailInput,
  round: Round,
  village: Village,
  kategori: string,
  rataRata: number,
): Mail =>
  noticeMail(to, `Hasil penilaian desa ${village.nama_desa}: ${kategori}`, input, [
    ['Dinas pariwisata telah menilai desa ', { strong: village.nama_desa }, ' dalam evaluasi ', { strong: round.nama }, '.'],
    ['Kategori desa sekarang: ', { strong: kategori }, ` (rata-rata ${rataRata}).`],
  ]);

/** A request's status changed (to the village's manager). */
export const requestChangedMail = (to: string, input: NoticeMailInput, village: Village, kdPermintaan: string, status: string): Mail =>
  noticeMail(to, `Status permintaan desa ${village.nama_desa}: ${status}`, input, [
    [`Permintaan ${kdPermintaan} untuk desa `, { strong: village.nama_desa }, ' sekarang berstatus ', { strong: status }, '.'],
  ]);

/** A village's status was set or changed (to its manager). */
export const statusChangedMail = (to: string, input: NoticeMailInput, village: Village, status: string, keterangan: string): Mail =>
  noticeMail(to, `Status desa ${village.nama_desa}: ${status}`, input, [
    ['Status desa wisata ', { strong: village.nama_desa }, ' sekarang ', { strong: status }, '.'],
    ...(keterangan.trim() ? [[`Keterangan: ${keterangan}`]] : []),
  ]);
