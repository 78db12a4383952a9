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
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(p.stored ? 0 : 8, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(p.stored ? 0 : 8, 10);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** Every entry of an archive, by name (the reader's own ZIP code, within its limits). */
export function unzipAll(bytes: Buffer): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const [name, entry] of zipEntries(bytes)) out.set(name, unzipEntry(bytes, entry));
  return out;
}

export const rezip = (parts: Map<string, Buffer>): Buffer => zip([...parts].map(([name, data]) => ({ name, data })));
