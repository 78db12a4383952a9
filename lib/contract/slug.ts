/**
 * The slug of a village's popular name: lower case, diacritics stripped, every run of
 * other characters turned into one hyphen, hyphens trimmed. "Désa Wisata  Pentingsari!"
 * → "desa-wisata-pentingsari". A name with no letters or digits gives "desa-wisata".
 */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'desa-wisata';
}

/** The n-th slug for a base: base, base-2, base-3, … */
export const numberedSlug = (base: string, n: number): string => (n <= 1 ? base : `${base}-${n}`);
