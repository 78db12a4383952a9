/**
 * How mails write what they name: dates as people write them ("20 Desember 2026"), names
 * without a doubled word ("evaluasi Evaluasi 2026"), and the links to the front end's pages (WEB_BASE_URL;
 * the URL scheme of web/: /evaluasi/:id_evaluasi, /evaluasi/:id_evaluasi/desa/:kd_desa, /akun).
 */

const BULAN = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
] as const;

const parts = (day: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return mo >= 1 && mo <= 12 && d >= 1 && d <= 31 ? { y, month: BULAN[mo - 1]!, d } : undefined;
};

/** A calendar day (`YYYY-MM-DD`) as Indonesians write it: "20 Desember 2026"; anything else as given. */
export function tanggal(day: string): string {
  const p = parts(day);
  return p ? `${p.d} ${p.month} ${p.y}` : day;
}

/** A period of two days, its shared month and year written once: "1–20 Desember 2026", "20 November – 5 Desember 2026". */
export function periode(from: string, to: string): string {
  const a = parts(from);
  const b = parts(to);
  if (!a || !b || a.y !== b.y) return `${tanggal(from)} – ${tanggal(to)}`;
  if (a.month !== b.month) return `${a.d} ${a.month} – ${tanggal(to)}`;
  return a.d === b.d ? tanggal(to) : `${a.d}–${tanggal(to)}`;
}

/**
 * Whether a name already begins with the word a sentence would put before it: a round named
 * "Evaluasi 2026" or a village "Desa Ponggok" is then named alone, not "evaluasi Evaluasi 2026".
 */
export const startsWithWord = (name: string, word: string): boolean =>
  name.trim().toLowerCase().startsWith(word.toLowerCase()) && !/[\p{L}\p{N}_]/u.test(name.trim().charAt(word.length));

/** The front end's pages a mail links to, below its base URL (no trailing slash). */
export const pages = (web: string) => ({
  round: (id_evaluasi: string) => `${web}/evaluasi/${encodeURIComponent(id_evaluasi)}`,
  village: (id_evaluasi: string, kd_desa: string) =>
    `${web}/evaluasi/${encodeURIComponent(id_evaluasi)}/desa/${encodeURIComponent(kd_desa)}`,
  account: () => `${web}/akun`,
});
