import { useEffect, useState } from 'react';
import { api, messageOf } from '../core/api';
import type { RegionChoice } from '../core/region-picker';
import { useSession } from '../core/session';
import { T } from '../core/texts';

/** GET /api/statistik's figures (lib/domain/statistics.ts). */
export interface Stats {
  wilayah: { provinsi: string | null; kabupaten: string | null };
  desa_wisata: {
    total: number;
    per_provinsi: { provinsi: string; jumlah: number }[];
    per_kabupaten: { provinsi: string; kabupaten: string; jumlah: number }[];
  };
  kategori: Record<string, number>;
  status_operasional: Record<string, number>;
  permintaan: Record<string, number>;
  /** Only for a signed-in office (dinas, admin). */
  akun?: { terverifikasi: number; menunggu: number };
  per_bulan: { bulan: string; desa_baru: number; perubahan_kategori: number }[];
}

export type Region = RegionChoice;

type Loaded = { stats: Stats; error?: undefined } | { stats?: undefined; error: string };

const query = (r: Partial<Region>) => {
  const q = new URLSearchParams();
  if (r.provinsi) q.set('provinsi', r.provinsi);
  if (r.provinsi && r.kabupaten) q.set('kabupaten', r.kabupaten);
  const s = q.toString();
  return `/api/statistik${s ? `?${s}` : ''}`;
};

/**
 * The figures of a region (none: the whole country), read again when the region or the
 * signed-in account changes (an office's token adds the account counts). Undefined while
 * loading; the last answer per URL is kept, so going back to a region shows it at once.
 */
export function useStats(region: Partial<Region>, enabled = true): Loaded | undefined {
  const session = useSession();
  const url = query(region);
  const key = `${session?.token ?? ''} ${url}`;
  const [state, setState] = useState<{ key: string; loaded: Loaded }>();
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    api<Stats>('GET', url).then(
      (r) => {
        const loaded = { stats: r.data };
        cache.set(key, loaded);
        if (live) setState({ key, loaded });
      },
      (err: unknown) => {
        if (live) setState({ key, loaded: { error: messageOf(err) } });
      },
    );
    return () => {
      live = false;
    };
  }, [key, url, enabled]);
  return state?.key === key ? state.loaded : cache.get(key);
}
const cache = new Map<string, Loaded>();

export interface Period {
  /** "2026-03" or "2026". */
  key: string;
  desa_baru: number;
  perubahan_kategori: number;
}
export type Granularity = 'bulan' | 'tahun';

const monthIndex = (ym: string) => {
  const [y, m] = ym.split('-').map(Number);
  return y! * 12 + (m! - 1);
};
const monthKey = (i: number) => `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;

/** Months from the first to the last with figures, none skipped (a month without any counts 0). */
export function months(perBulan: Stats['per_bulan']): Period[] {
  if (!perBulan.length) return [];
  const byKey = new Map(perBulan.map((m) => [m.bulan, m]));
  const first = monthIndex(perBulan[0]!.bulan);
  const last = monthIndex(perBulan[perBulan.length - 1]!.bulan);
  const out: Period[] = [];
  for (let i = first; i <= last; i++) {
    const k = monthKey(i);
    const m = byKey.get(k);
    out.push({ key: k, desa_baru: m?.desa_baru ?? 0, perubahan_kategori: m?.perubahan_kategori ?? 0 });
  }
  return out;
}

/** Years from the first to the last with figures, none skipped. */
export function years(perBulan: Stats['per_bulan']): Period[] {
  if (!perBulan.length) return [];
  const byYear = new Map<number, Period>();
  for (const m of perBulan) {
    const y = Number(m.bulan.slice(0, 4));
    const p = byYear.get(y) ?? { key: String(y), desa_baru: 0, perubahan_kategori: 0 };
    p.desa_baru += m.desa_baru;
    p.perubahan_kategori += m.perubahan_kategori;
    byYear.set(y, p);
  }
  const ys = [...byYear.keys()];
  const out: Period[] = [];
  for (let y = Math.min(...ys); y <= Math.max(...ys); y++)
    out.push(byYear.get(y) ?? { key: String(y), desa_baru: 0, perubahan_kategori: 0 });
  return out;
}

/** Per year when the months span more than two years (a month axis would be mostly empty), else per month. */
export function defaultGranularity(perBulan: Stats['per_bulan']): Granularity {
  if (perBulan.length < 2) return 'bulan';
  return monthIndex(perBulan[perBulan.length - 1]!.bulan) - monthIndex(perBulan[0]!.bulan) >= 24 ? 'tahun' : 'bulan';
}

/** "2026-03" → "Maret 2026" (long) or "Mar 2026" (short, for an axis); "2026" stays. */
export function periodName(key: string, short = false): string {
  const m = /^(\d{4})-(\d{2})$/.exec(key);
  if (!m) return key;
  const name = T.months[Number(m[2]) - 1] ?? m[2]!;
  return `${short ? name.slice(0, 3) : name} ${m[1]}`;
}

/** A long name in lines of at most `max` characters, broken between words. */
export function wrap(label: string, max = 16): string[] {
  const lines: string[] = [];
  for (const word of label.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + word.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}
