import { inflateRawSync } from 'node:zlib';
import { MSG } from '../contract/messages';
import { IMPORT_LIMITS, ImportRefusal } from './limits';

/**
 * A small ZIP reader for XLSX files that judges the archive before inflating anything: the
 * central directory's declared sizes must stay within the limits (total, shared strings,
 * compression ratio), and each entry is then inflated with its declared size as a hard cap
 * (`maxOutputLength`), so an archive that lies about its sizes is stopped, not obeyed.
 */

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

const broken = () => new ImportRefusal(MSG.importZipBroken);

/** The entries of the archive's central directory, by name, after the size checks. */
export function zipEntries(buf: Buffer): Map<string, ZipEntry> {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw broken();
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  // ZIP64 markers: an XLSX within the limits never needs them
  if (count === 0xffff || cdOffset === 0xffffffff) throw new ImportRefusal(MSG.importUnpackedTooLarge);
  if (cdOffset + cdSize > eocd || count > IMPORT_LIMITS.zipEntries) throw broken();

  const entries = new Map<string, ZipEntry>();
  let total = 0;
  let at = cdOffset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > eocd || buf.readUInt32LE(at) !== CENTRAL) throw broken();
    const nameLen = buf.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      flags: buf.readUInt16LE(at + 8),
      method: buf.readUInt16LE(at + 10),
      compressedSize: buf.readUInt32LE(at + 20),
      size: buf.readUInt32LE(at + 24),
      localOffset: buf.readUInt32LE(at + 42),
      name: buf.toString('utf8', at + 46, at + 46 + nameLen),
    };
    at += 46 + nameLen + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) throw new ImportRefusal(MSG.importUnpackedTooLarge);
    if (entry.flags & 1) throw new ImportRefusal(MSG.importLegacyExcel);
    if (/(^|\/)sharedStrings\.xml$/i.test(entry.name) && entry.size > IMPORT_LIMITS.sharedStringsBytes) {
      throw new ImportRefusal(MSG.importSharedStringsTooLarge);
    }
    total += entry.size;
    if (total > IMPORT_LIMITS.unpackedBytes) throw new ImportRefusal(MSG.importUnpackedTooLarge);
    if (entry.size > IMPORT_LIMITS.ratioFloorBytes && entry.size > entry.compressedSize * IMPORT_LIMITS.maxRatio) {
      throw new ImportRefusal(MSG.importZipBomb);
    }
    entries.set(entry.name.replace(/^\/+/, ''), entry);
  }
  return entries;
}

/** One entry's bytes, never more than its declared size. */
export function unzipEntry(buf: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localOffset;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL) throw broken();
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > buf.length) throw broken();
  const data = buf.subarray(start, end);
  let out: Buffer;
  if (entry.method === 0) out = data;
  else if (entry.method === 8) {
    try {
      out = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.size) });
    } catch (e) {
      // more than declared: a lying archive (a bomb); anything else: broken data
      if (e instanceof RangeError || (e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ImportRefusal(MSG.importZipBomb);
      throw broken();
    }
  } else throw broken();
  if (out.length !== entry.size) throw broken();
  return out;
}
