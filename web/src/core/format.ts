import { T } from './texts';

/** "2026-12-20" or an ISO timestamp → "20 Desember 2026" (the date as people write it). */
export function tanggal(iso: string | null | undefined): string {
  if (!iso) return '–';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  return `${Number(m[3])} ${T.months[Number(m[2]) - 1] ?? m[2]} ${m[1]}`;
}

/** An ISO timestamp → "20 Desember 2026 pukul 14.05" in the browser's own time zone. */
export function waktu(iso: string | null | undefined): string {
  if (!iso) return '–';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getDate()} ${T.months[d.getMonth()]} ${d.getFullYear()} pukul ${pad(d.getHours())}.${pad(d.getMinutes())}`;
}

/** Whole days from today (local date) to a "YYYY-MM-DD" date: 0 on the day itself, negative after. */
export function hariMenuju(iso: string, today = new Date()): number {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  const target = Date.UTC(y!, m! - 1, d!);
  const now = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((target - now) / 86_400_000);
}

/** 1234567 → "1.234.567" (Indonesian grouping); null → "–". */
export function angka(v: number | null | undefined): string {
  return v === null || v === undefined ? '–' : new Intl.NumberFormat('id-ID').format(v);
}
