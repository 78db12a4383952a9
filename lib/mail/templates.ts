import { pages, periode, startsWithWord, tanggal } from './format';
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

/** A part of a paragraph: plain text (a line break where it holds one), `{ strong }` text in bold in the HTML part, or a link. */
type Part = string | { strong: string } | { href: string };

/** A mail from paragraphs of parts; a link shows its URL in both parts, so it reads the same in either. */
function mailOf(to: string, subject: string, paragraphs: Part[][]): Mail {
  const plain = (part: Part) => (typeof part === 'string' ? part : 'strong' in part ? part.strong : part.href);
  const html = (part: Part) =>
    typeof part === 'string'
      ? escapeHtml(part).replace(/\n/g, '<br>\n')
      : 'strong' in part
        ? `<strong>${escapeHtml(part.strong)}</strong>`
        : `<a href="${escapeHtml(part.href)}">${escapeHtml(part.href)}</a>`;
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
  const what = [
    ...(startsWithWord(village.nama_popular, 'desa') ? [] : ['desa wisata ']),
    { strong: village.nama_popular },
    ` (${village.kd_desa})`,
  ];
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
  /** The front end's base URL (WEB_BASE_URL): a mail links to the page of what it tells, and to /akun for its switches. */
  web: string;
  /** Where the existing web app is (the stage's front-end origin), if known: mails about a request or a status end with it. */
  link?: string;
}
type Round = { id_evaluasi: string; nama: string; mulai: string; batas_mandiri: string; selesai: string };
type Village = { nama_desa: string; kd_desa: string };

/** A name as a sentence puts it, in bold: after `word` ("desa Pentingsari"), or alone when it begins so itself ("Desa Ponggok"). */
const called = (word: string, name: string): Part[] => (startsWithWord(name, word) ? [{ strong: name }] : [`${word} `, { strong: name }]);
/** The same in plain text (a subject). */
const calledText = (word: string, name: string) => (startsWithWord(name, word) ? name : `${word} ${name}`);
/** The round as a sentence names it: "evaluasi <nama>", or "Evaluasi 2026" alone. */
const theRound = (round: Round): Part[] => called('evaluasi', round.nama);

/**
 * Every notification mail ends alike: the page where to act (or, without one, the web app), and
 * how to stop such mails: the switches' page (/akun).
 */
function noticeMail(
  to: string,
  subject: string,
  input: NoticeMailInput,
  body: Part[][],
  { page: target, reminder = false }: { page?: { label: string; href: string }; reminder?: boolean } = {},
) {
  const where = target ?? (input.link ? { label: 'Buka aplikasi desa wisata', href: input.link } : undefined);
  return mailOf(to, subject, [
    [`Halo ${input.name},`],
    ...body,
    ...(where ? [[`${where.label}: `, { href: where.href }]] : []),
    [
      reminder
        ? 'Anda menerima pengingat ini karena pengingat evaluasi aktif di akun Anda. Anda dapat mematikannya di pengaturan notifikasi akun: '
        : 'Anda menerima pemberitahuan ini karena pemberitahuan perubahan aktif di akun Anda. Anda dapat mematikannya di pengaturan notifikasi akun: ',
      { href: pages(input.web).account() },
    ],
  ]);
}

/** A round was opened (to the manager of a village in its scope): the round's page lists their villages. */
export const roundOpenedMail = (to: string, input: NoticeMailInput, round: Round): Mail =>
  noticeMail(
    to,
    `Evaluasi desa wisata dibuka: ${round.nama}`,
    input,
    [
      ['Dinas pariwisata membuka ', ...theRound(round), ` (${periode(round.mulai, round.selesai)}).`],
      ['Isi dan ajukan penilaian mandiri desa Anda paling lambat ', { strong: tanggal(round.batas_mandiri) }, '.'],
    ],
    { page: { label: 'Buka evaluasi dan desa Anda', href: pages(input.web).round(round.id_evaluasi) } },
  );

/** Self-assessment closes soon and these villages of the manager have not submitted: each named, with its page. */
export const reminderMail = (to: string, input: NoticeMailInput, round: Round, villages: Village[]): Mail => {
  const at = pages(input.web);
  const list = villages.flatMap((v, i): Part[] => [
    ...(i ? ['\n'] : []),
    '• ',
    { strong: v.nama_desa },
    ` (${v.kd_desa}): `,
    { href: at.village(round.id_evaluasi, v.kd_desa) },
  ]);
  return noticeMail(
    to,
    `Pengingat: penilaian mandiri ${round.nama} ditutup ${tanggal(round.batas_mandiri)}`,
    input,
    [
      [
        villages.length > 1 ? `Penilaian mandiri ${villages.length} desa Anda dalam ` : 'Penilaian mandiri desa Anda dalam ',
        ...theRound(round),
        ' belum diajukan:',
      ],
      list,
      [
        'Batas pengajuan: ',
        { strong: tanggal(round.batas_mandiri) },
        '. Setelah tanggal itu penilaian mandiri tidak dapat diubah atau diajukan lagi.',
      ],
    ],
    { reminder: true, ...(villages.length ? {} : { page: { label: 'Buka evaluasi', href: at.round(round.id_evaluasi) } }) },
  );
};

/** A village submitted its self-assessment (to dinas): the village's page in the round, where it is reviewed. */
export const assessmentSubmittedMail = (to: string, input: NoticeMailInput, round: Round, village: Village): Mail =>
  noticeMail(
    to,
    `Penilaian mandiri diajukan: ${village.nama_desa}`,
    input,
    [
      [...called('Desa', village.nama_desa), ` (${village.kd_desa}) telah mengajukan penilaian mandiri dalam `, ...theRound(round), '.'],
      ['Penilaian mandiri ini siap ditinjau.'],
    ],
    { page: { label: 'Tinjau penilaian mandiri', href: pages(input.web).village(round.id_evaluasi, village.kd_desa) } },
  );

/** The village's category before the round (`kategori_sebelum`) and how the review's compares with it (lib/db/evaluations.ts moveOf). */
export interface CategoryBefore {
  kategori: string;
  gerak: 'naik' | 'tetap' | 'turun' | 'baru';
}

/** A village was reviewed (to its manager): the new category, and whether it went up or down from before the round. */
export const reviewPublishedMail = (
  to: string,
  input: NoticeMailInput,
  round: Round,
  village: Village,
  kategori: string,
  rataRata: number,
  before?: CategoryBefore,
): Mail => {
  const moved = before && before.gerak !== 'baru' ? before : undefined;
  return noticeMail(
    to,
    `Hasil penilaian ${calledText('desa', village.nama_desa)}: ${kategori}${moved?.gerak === 'turun' ? ` (turun dari ${moved.kategori})` : ''}`,
    input,
    [
      ['Dinas pariwisata telah menilai ', ...called('desa', village.nama_desa), ' dalam ', ...theRound(round), '.'],
      ['Kategori desa sekarang: ', { strong: kategori }, ` (rata-rata ${rataRata}).`],
      ...(moved?.gerak === 'turun'
        ? [
            [
              'Kategori ini ',
              { strong: `turun dari ${moved.kategori}` },
              ', kategori desa sebelum evaluasi ini. Catatan dinas untuk setiap kriteria ada di halaman penilaian.',
            ],
          ]
        : moved?.gerak === 'naik'
          ? [[`Kategori ini naik dari ${moved.kategori}, kategori desa sebelum evaluasi ini.`]]
          : moved
            ? [['Kategori ini sama dengan kategori desa sebelum evaluasi ini.']]
            : []),
    ],
    { page: { label: 'Lihat hasil dan catatan penilaian', href: pages(input.web).village(round.id_evaluasi, village.kd_desa) } },
  );
};

/** A request's status changed (to the village's manager). */
export const requestChangedMail = (to: string, input: NoticeMailInput, village: Village, kdPermintaan: string, status: string): Mail =>
  noticeMail(to, `Status permintaan ${calledText('desa', village.nama_desa)}: ${status}`, input, [
    [`Permintaan ${kdPermintaan} untuk `, ...called('desa', village.nama_desa), ' sekarang berstatus ', { strong: status }, '.'],
  ]);

/** A village's status was set or changed (to its manager). */
export const statusChangedMail = (to: string, input: NoticeMailInput, village: Village, status: string, keterangan: string): Mail =>
  noticeMail(to, `Status ${calledText('desa', village.nama_desa)}: ${status}`, input, [
    [
      'Status ',
      ...(startsWithWord(village.nama_desa, 'desa') ? [] : ['desa wisata ']),
      { strong: village.nama_desa },
      ' sekarang ',
      { strong: status },
      '.',
    ],
    ...(keterangan.trim() ? [[`Keterangan: ${keterangan}`]] : []),
  ]);

/** A submitted self-assessment was returned for correction (to the village's manager): the office's note, the page to correct it. */
export const assessmentReturnedMail = (to: string, input: NoticeMailInput, round: Round, village: Village, catatan: string): Mail =>
  noticeMail(
    to,
    `Penilaian mandiri dikembalikan untuk diperbaiki: ${village.nama_desa}`,
    input,
    [
      ['Dinas pariwisata mengembalikan penilaian mandiri ', ...called('desa', village.nama_desa), ' dalam ', ...theRound(round), '.'],
      ['Catatan dinas: ', catatan],
      ['Perbaiki penilaian mandiri, lalu ajukan kembali paling lambat ', { strong: tanggal(round.selesai) }, '.'],
    ],
    { page: { label: 'Perbaiki penilaian mandiri', href: pages(input.web).village(round.id_evaluasi, village.kd_desa) } },
  );

/** What a monthly-report reminder names (lib/domain/monitoring-reminders.ts). */
export interface ReportReminderInput {
  /** The month without a report (YYYY-MM). */
  bulan: string;
  /** The second reminder of the month (the 8th). */
  kedua: boolean;
  /** The report's deadline (YYYY-MM-DD, the 10th of the month after), and whether it is past. */
  batas: string;
  lewat: boolean;
  villages: Village[];
}

/** A month "November 2026" as people write it. */
const namaBulan = (bulan: string) => tanggal(`${bulan}-01`).replace(/^1 /, '');

/** A manager's villages have no report of a month: each named, with its monitoring page (/pemantauan/desa/:kd_desa). */
export const reportReminderMail = (to: string, input: NoticeMailInput, r: ReportReminderInput): Mail => {
  const month = namaBulan(r.bulan);
  const list = r.villages.flatMap((v, i): Part[] => [
    ...(i ? ['\n'] : []),
    '• ',
    { strong: v.nama_desa },
    ` (${v.kd_desa}): `,
    { href: `${input.web}/pemantauan/desa/${encodeURIComponent(v.kd_desa)}` },
  ]);
  return mailOf(to, `${r.kedua ? 'Pengingat kedua' : 'Pengingat'}: laporan bulanan ${month} belum diisi`, [
    [`Halo ${input.name},`],
    [
      r.villages.length > 1 ? `Laporan bulanan ${r.villages.length} desa Anda untuk ` : 'Laporan bulanan desa Anda untuk ',
      { strong: month },
      ' (jumlah wisatawan nusantara dan mancanegara, pendapatan, dan tenaga kerja) belum diisi:',
    ],
    list,
    r.lewat
      ? ['Batas pelaporan ', { strong: tanggal(r.batas) }, ' sudah lewat. Laporan tetap dapat diisi dan akan ditandai terlambat.']
      : [
          'Batas pelaporan: ',
          { strong: tanggal(r.batas) },
          '. Laporan yang diisi setelah tanggal itu tetap diterima dan ditandai terlambat.',
        ],
    [
      'Anda menerima pengingat ini karena pengingat aktif di akun Anda. Anda dapat mematikannya di pengaturan notifikasi akun: ',
      { href: pages(input.web).account() },
    ],
  ]);
};
