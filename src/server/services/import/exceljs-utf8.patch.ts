import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * exceljs 4.4's streaming reader decodes each inflated chunk of a sheet (and of the shared
 * strings) on its own (`utils/parse-sax.js` calls TextDecoder.decode per chunk, without
 * `stream: true`), so a Chinese character whose three UTF-8 bytes straddle two chunks becomes
 * "\uFFFD\uFFFD": a large import then reports "物料组: 不是有效的选项" for "���料", or writes the
 * broken text. The reader is fixed here, at the one place its chunks enter: the worksheet and
 * shared-strings parts are re-chunked so that no chunk ends inside a UTF-8 sequence.
 */

/** How many leading bytes of `b` are whole UTF-8 sequences (an unfinished last one is held back). */
export function wholeUtf8Length(b: Uint8Array): number {
  let i = b.length - 1;
  let continuation = 0;
  while (i >= 0 && continuation < 3 && (b[i] & 0xc0) === 0x80) {
    i--;
    continuation++;
  }
  if (i < 0) return b.length;
  const lead = b[i];
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return b.length - i < need ? i : b.length;
}

/** The same bytes, re-chunked so every chunk decodes on its own. */
export async function* utf8Aligned(source: AsyncIterable<Uint8Array | string>): AsyncGenerator<Buffer | string> {
  let carry: Buffer | null = null;
  for await (const chunk of source) {
    if (typeof chunk === 'string') {
      yield chunk;
      continue;
    }
    const buf: Buffer = carry ? Buffer.concat([carry, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const whole = wholeUtf8Length(buf);
    carry = whole < buf.length ? Buffer.from(buf.subarray(whole)) : null;
    if (whole > 0) yield buf.subarray(0, whole);
  }
  if (carry) yield carry;
}

type ReaderProto = {
  _parseWorksheet: (iterator: AsyncIterable<Uint8Array>, sheetNo: number) => Generator<unknown>;
  _parseSharedStrings: (entry: NodeJS.ReadableStream) => AsyncGenerator<unknown>;
  __utf8Aligned?: boolean;
};

/** Installs the fix once (idempotent); every streaming reader of the process gets it. */
export function installUtf8ChunkFix(): void {
  const proto = (ExcelJS.stream.xlsx.WorkbookReader as unknown as { prototype: ReaderProto }).prototype;
  if (proto.__utf8Aligned) return;
  const parseWorksheet = proto._parseWorksheet;
  const parseSharedStrings = proto._parseSharedStrings;
  if (typeof parseWorksheet !== 'function' || typeof parseSharedStrings !== 'function') throw new Error('exceljs reader changed: review exceljs-utf8.patch.ts');
  proto._parseWorksheet = function (this: unknown, iterator, sheetNo) {
    return parseWorksheet.call(this, utf8Aligned(iterator) as AsyncIterable<Uint8Array>, sheetNo);
  };
  proto._parseSharedStrings = function (this: unknown, entry) {
    return parseSharedStrings.call(this, Readable.from(utf8Aligned(entry as unknown as AsyncIterable<Uint8Array>), { objectMode: false }));
  };
  proto.__utf8Aligned = true;
}

installUtf8ChunkFix();
