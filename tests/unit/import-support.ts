import { deflateRawSync } from 'node:zlib';
import { unzipEntry, zipEntries } from '../../lib/import/zip';

/** Files of the import tests built by hand: ZIP archives as Excel would never write them, and XLSX parts edited in place. */

export interface ZipPart {
  name: string;
  data: Buffer | string;
  /** The size the central directory claims (default: the real one). */
  declared?: number;
  stored?: boolean;
}

/** A ZIP record of `length` bytes: its signature, then little-endian fields [offset, value, bytes]; the rest zero. */
function header(length: number, signature: number, fields: [number, number, 2 | 4][]): Buffer {
  const b = Buffer.alloc(length);
  b.writeUInt32LE(signature, 0);
  for (const [at, value, bytes] of fields) {
    if (bytes === 2) b.writeUInt16LE(value, at);
    else b.writeUInt32LE(value, at);
  }
  return b;
}

/** A ZIP archive written by hand (local headers, central directory, end record). */
export function zip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const raw = Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data, 'utf8');
    const body = p.stored ? raw : deflateRawSync(raw);
    const name = Buffer.from(p.name, 'utf8');
    const size = p.declared ?? raw.length;
    const method = p.stored ? 0 : 8;
    const local = header(30, 0x04034b50, [
      [4, 20, 2],
      [8, method, 2],
      [18, body.length, 4],
      [22, size, 4],
      [26, name.length, 2],
    ]);
    const central = header(46, 0x02014b50, [
      [4, 20, 2],
      [6, 20, 2],
      [10, method, 2],
      [20, body.length, 4],
      [24, size, 4],
      [28, name.length, 2],
      [42, offset, 4],
    ]);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = header(22, 0x06054b50, [
    [8, parts.length, 2],
    [10, parts.length, 2],
    [12, cd.length, 4],
    [16, offset, 4],
  ]);
  return Buffer.concat([...locals, cd, end]);
}

/** Every entry of an archive, by name (the reader's own ZIP code, within its limits). */
export function unzipAll(bytes: Buffer): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const [name, entry] of zipEntries(bytes)) out.set(name, unzipEntry(bytes, entry));
  return out;
}

export const rezip = (parts: Map<string, Buffer>): Buffer => zip([...parts].map(([name, data]) => ({ name, data })));

/** The village columns after its name, as the village template (and a file laid out like it) has them. */
export const VILLAGE_DETAIL_COLUMNS = ['nama_popular', 'provinsi', 'kabupaten', 'alamat', 'pengelola', 'nomor_telepon', 'email'];

/** A monthly report row of January 2025 read for Penglipuran, named by name and region: what every such row reads as besides its figures. */
export const PENGLIPURAN_JANUARY = { nama_desa: 'Penglipuran', provinsi: 'Bali', kabupaten: 'Bangli', bulan: '2025-01' };
