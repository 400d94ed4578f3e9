import { open, type FileHandle } from 'node:fs/promises';
import { Readable, type TransformOptions } from 'node:stream';
import { createInflateRaw, type ZlibOptions } from 'node:zlib';
import { exceed, fail } from './xlsx-xml';

/**
 * The zip layer of the .xlsx reader: the end of central directory record (and its zip64 form), the
 * central directory, and the entries by name, each inflated as a stream (method 8) or passed through
 * (method 0). Sizes come from the central directory, so local headers with data descriptors are
 * fine. Nothing is read that is not asked for.
 */

export type ZipEntry = { name: string; method: number; flags: number; compressedSize: number; size: number; localOffset: number };

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_CENTRAL_DIRECTORY = 64 * 1024 * 1024;
/** A workbook has dozens of parts (one per sheet, image, drawing); each entry costs heap here. */
const MAX_ENTRIES = 50_000;
/**
 * Bounds on what one part may inflate to, checked against the central directory before a byte is
 * inflated (inflating past the declared size already fails). The B2 sheet (100,000 rows x 20
 * columns) is 75 MB at 1:8; a sheet of identical rows 1:13. 512 MiB leaves room for the largest
 * row limit an administrator is likely to set; 1:200 is far above any sheet a spreadsheet writes,
 * and far below deflate's 1:1032, at which a 1.1 MB upload unpacked to 1.1 GB of blanks. Small
 * parts may compress as they like: below the floor they are cheap to read whatever their ratio.
 */
export const MAX_PART_SIZE = 512 * 1024 * 1024;
export const MAX_RATIO = 200;
export const RATIO_FLOOR = 16 * 1024 * 1024;
const READ_SIZE = 128 * 1024;
const INFLATE_CHUNK = 128 * 1024;

async function readAt(fh: FileHandle, length: number, position: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await fh.read(buf, done, length - done, position + done);
    if (bytesRead === 0) fail('unexpected end of file');
    done += bytesRead;
  }
  return buf;
}

function u64(buf: Buffer, offset: number): number {
  const value = Number(buf.readBigUInt64LE(offset));
  if (!Number.isSafeInteger(value)) fail('zip64 value out of range');
  return value;
}

/** A part name as the package means it: "/" separators, no leading "/". */
export function normalizePartName(name: string): string {
  let out = name.indexOf('\\') < 0 ? name : name.replace(/\\/g, '/');
  while (out.startsWith('/')) out = out.slice(1);
  return out;
}

async function readCentralDirectory(fh: FileHandle, fileSize: number): Promise<ZipEntry[]> {
  const tailLength = Math.min(fileSize, 22 + 0xffff + 20);
  if (tailLength < 22) fail('not a zip file');
  const tailStart = fileSize - tailLength;
  const tail = await readAt(fh, tailLength, tailStart);
  let eocd = -1;
  for (let i = tailLength - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD && i + 22 + tail.readUInt16LE(i + 20) <= tailLength) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) fail('end of central directory not found');
  let count = tail.readUInt16LE(eocd + 10);
  let cdSize = tail.readUInt32LE(eocd + 12);
  let cdOffset = tail.readUInt32LE(eocd + 16);
  if (eocd >= 20 && tail.readUInt32LE(eocd - 20) === ZIP64_LOCATOR) {
    const recordOffset = u64(tail, eocd - 20 + 8);
    if (recordOffset + 56 > fileSize) fail('bad zip64 locator');
    const record = await readAt(fh, 56, recordOffset);
    if (record.readUInt32LE(0) !== ZIP64_EOCD) fail('bad zip64 end of central directory');
    count = u64(record, 32);
    cdSize = u64(record, 40);
    cdOffset = u64(record, 48);
  }
  if (cdSize > MAX_CENTRAL_DIRECTORY || cdOffset + cdSize > tailStart + eocd) fail('bad central directory');
  const cd = await readAt(fh, cdSize, cdOffset);
  const entries: ZipEntry[] = [];
  let p = 0;
  while (p < cdSize) {
    if (p + 46 > cdSize || cd.readUInt32LE(p) !== CENTRAL) fail('bad central directory entry');
    const flags = cd.readUInt16LE(p + 8);
    const method = cd.readUInt16LE(p + 10);
    let compressedSize = cd.readUInt32LE(p + 20);
    let size = cd.readUInt32LE(p + 24);
    const nameLength = cd.readUInt16LE(p + 28);
    const extraLength = cd.readUInt16LE(p + 30);
    const commentLength = cd.readUInt16LE(p + 32);
    let localOffset = cd.readUInt32LE(p + 42);
    const end = p + 46 + nameLength + extraLength + commentLength;
    if (end > cdSize) fail('bad central directory entry');
    // Part names are zip paths with "/"; some writers (old .NET and Windows zip tools) store "\\",
    // and some a leading "/": both name the same part.
    const name = normalizePartName(cd.toString(flags & 0x800 ? 'utf8' : 'latin1', p + 46, p + 46 + nameLength));
    if (size === 0xffffffff || compressedSize === 0xffffffff || localOffset === 0xffffffff) {
      // The zip64 extra field holds, in this order, the 64-bit values of those that overflowed.
      let x = p + 46 + nameLength;
      const xEnd = x + extraLength;
      while (x + 4 <= xEnd) {
        const id = cd.readUInt16LE(x);
        const length = cd.readUInt16LE(x + 2);
        if (id === 0x0001) {
          let q = x + 4;
          const qEnd = q + length;
          const next = () => {
            if (q + 8 > qEnd) fail('bad zip64 extra field');
            const v = u64(cd, q);
            q += 8;
            return v;
          };
          if (size === 0xffffffff) size = next();
          if (compressedSize === 0xffffffff) compressedSize = next();
          if (localOffset === 0xffffffff) localOffset = next();
          break;
        }
        x += 4 + length;
      }
    }
    if (entries.length >= MAX_ENTRIES) exceed('excel.unpackedTooLarge', `more than ${MAX_ENTRIES} zip entries`);
    entries.push({ name, method, flags, compressedSize, size, localOffset });
    p = end;
  }
  if (entries.length < Math.min(count, 0xffff)) fail('central directory shorter than announced');
  assertUniqueNames(entries);
  return entries;
}

/**
 * Refuses a zip naming one part twice. Part names are equal ignoring case (ISO/IEC 29500-2, 6.2.2.3),
 * so two entries `xl/worksheets/sheet1.xml` and `XL/Worksheets/Sheet1.xml` are one part twice too.
 * No spreadsheet writes that; a crafted file does, so that one reader sees one sheet and another
 * reader (or a virus scanner) the other. Reading either silently would be a guess (issue 33).
 */
function assertUniqueNames(entries: ZipEntry[]): void {
  const seen = new Set<string>();
  for (const e of entries) {
    const key = e.name.toLowerCase();
    if (seen.has(key)) exceed('excel.duplicateParts', `two zip entries named ${e.name}`);
    seen.add(key);
  }
}

/** Refuses, before inflating it, an entry that would unpack to more than the bounds allow. */
export function assertInflatable(entry: ZipEntry): void {
  if (entry.size > MAX_PART_SIZE) exceed('excel.unpackedTooLarge', `${entry.name} unpacks to ${entry.size} bytes`);
  if (entry.size > RATIO_FLOOR && entry.size > entry.compressedSize * MAX_RATIO) exceed('excel.unpackedTooLarge', `${entry.name} unpacks ${entry.compressedSize} to ${entry.size} bytes`);
}

/** The entries of a zip on disk, read one at a time and only on demand. */
export class ZipFile {
  private readonly byName = new Map<string, ZipEntry>();
  private readonly byLowerName = new Map<string, ZipEntry>();

  private constructor(
    private readonly fh: FileHandle,
    readonly fileSize: number,
    readonly entries: ZipEntry[],
  ) {
    for (const e of entries) {
      this.byName.set(e.name, e);
      if (!this.byLowerName.has(e.name.toLowerCase())) this.byLowerName.set(e.name.toLowerCase(), e);
    }
  }

  static async open(path: string): Promise<ZipFile> {
    const fh = await open(path, 'r');
    try {
      const { size } = await fh.stat();
      return new ZipFile(fh, size, await readCentralDirectory(fh, size));
    } catch (error) {
      await fh.close();
      throw error;
    }
  }

  /** The entry of that name (exact, else ignoring case, as some writers vary it). */
  entry(name: string): ZipEntry | undefined {
    return this.byName.get(name) ?? this.byLowerName.get(name.toLowerCase());
  }

  private async dataOffset(entry: ZipEntry): Promise<number> {
    if (entry.flags & 0x1) fail('encrypted entry');
    if (entry.method !== 0 && entry.method !== 8) fail(`unsupported compression method ${entry.method}`);
    if (entry.localOffset + 30 > this.fileSize) fail('bad local header offset');
    const header = await readAt(this.fh, 30, entry.localOffset);
    if (header.readUInt32LE(0) !== LOCAL) fail('bad local header');
    const nameLength = header.readUInt16LE(26);
    // The entry's own header must name the same part as the central directory: a reader that walks
    // the local headers (a streaming one) would otherwise take these bytes for another part, which
    // only a crafted file does (Python's zipfile refuses it too; issue 33).
    const localName = (await readAt(this.fh, nameLength, entry.localOffset + 30)).toString(entry.flags & 0x800 ? 'utf8' : 'latin1');
    if (normalizePartName(localName).toLowerCase() !== entry.name.toLowerCase()) fail(`local header names ${localName}, the central directory ${entry.name}`);
    const start = entry.localOffset + 30 + nameLength + header.readUInt16LE(28);
    if (start + entry.compressedSize > this.fileSize) fail('entry beyond end of file');
    return start;
  }

  private async *rawChunks(start: number, length: number, onRead?: (bytes: number) => void): AsyncGenerator<Buffer> {
    let position = start;
    let left = length;
    while (left > 0) {
      const n = Math.min(left, READ_SIZE);
      const buf = Buffer.allocUnsafe(n);
      const { bytesRead } = await this.fh.read(buf, 0, n, position);
      if (bytesRead === 0) fail('unexpected end of file');
      position += bytesRead;
      left -= bytesRead;
      onRead?.(bytesRead);
      yield bytesRead === n ? buf : buf.subarray(0, bytesRead);
    }
  }

  /** The uncompressed bytes of an entry, chunk by chunk; `onRead` gets each compressed byte count read. */
  async *chunks(entry: ZipEntry, onRead?: (bytes: number) => void): AsyncGenerator<Buffer> {
    assertInflatable(entry);
    const start = await this.dataOffset(entry);
    const raw = this.rawChunks(start, entry.compressedSize, onRead);
    let total = 0;
    if (entry.method === 0) {
      for await (const chunk of raw) {
        total += chunk.length;
        yield chunk;
      }
    } else {
      // A few chunks of read-ahead: the next chunk inflates (in the thread pool) while this one is scanned.
      const options: ZlibOptions & TransformOptions = { chunkSize: INFLATE_CHUNK, readableHighWaterMark: 4 * INFLATE_CHUNK };
      const inflate = createInflateRaw(options);
      const source = Readable.from(raw, { objectMode: false });
      source.on('error', (error) => inflate.destroy(error));
      source.pipe(inflate);
      try {
        for await (const chunk of inflate as AsyncIterable<Buffer>) {
          total += chunk.length;
          if (total > entry.size) fail('entry larger than its declared size');
          yield chunk;
        }
      } finally {
        source.destroy();
        inflate.destroy();
      }
    }
    if (total !== entry.size) fail('entry size differs from the central directory');
  }

  close(): Promise<void> {
    return this.fh.close();
  }
}
