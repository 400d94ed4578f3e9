/**
 * What a stored file is, read from its first bytes, and how it may be served (issue 28). The
 * uploader's `Content-Type` is never believed: a file is shown inline only when its bytes are one
 * of a short allow-list (raster images, WAV/Ogg/MP3/WebM sound, PDF); an SVG keeps its image type
 * so that an <img> draws it (an image loaded that way runs no script) but is never a page; every
 * other file is an opaque download. Pure.
 */

/** How many leading bytes the sniffing needs. */
export const SNIFF_BYTES = 512;

export type Sniffed = { mime: string; inline: boolean };

const ascii = (b: Uint8Array, at: number, n: number): string => String.fromCharCode(...b.subarray(at, at + n));
const starts = (b: Uint8Array, bytes: number[], at = 0): boolean => b.length >= at + bytes.length && bytes.every((x, i) => b[at + i] === x);

/** The allow-listed types, recognised by their signatures. */
const SIGNATURES: Array<{ mime: string; test: (b: Uint8Array) => boolean }> = [
  { mime: 'image/png', test: (b) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { mime: 'image/jpeg', test: (b) => starts(b, [0xff, 0xd8, 0xff]) },
  { mime: 'image/gif', test: (b) => b.length >= 6 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a') },
  { mime: 'image/webp', test: (b) => b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP' },
  { mime: 'audio/wav', test: (b) => b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WAVE' },
  { mime: 'audio/ogg', test: (b) => b.length >= 4 && ascii(b, 0, 4) === 'OggS' },
  { mime: 'audio/mpeg', test: (b) => (b.length >= 3 && ascii(b, 0, 3) === 'ID3') || (b.length >= 2 && b[0] === 0xff && (b[1] & 0xe6) === 0xe2) },
  { mime: 'audio/webm', test: (b) => starts(b, [0x1a, 0x45, 0xdf, 0xa3]) },
  { mime: 'application/pdf', test: (b) => b.length >= 5 && ascii(b, 0, 5) === '%PDF-' },
];

/** The inline type of these bytes, or null when they are none of the allow-list. */
export function sniffInlineType(head: Uint8Array): string | null {
  for (const s of SIGNATURES) if (s.test(head)) return s.mime;
  return null;
}

/** An SVG document (possibly after a BOM, an XML declaration, comments or a doctype). */
export function looksLikeSvg(head: Uint8Array): boolean {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head.subarray(0, SNIFF_BYTES)).replace(/^\uFEFF/, '');
  const rest = text.replace(/^\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*/i, '');
  return /^<svg[\s>]/i.test(rest);
}

/** How a file with these first bytes is sent: its type and whether the browser may show it. */
export function servingOf(head: Uint8Array): Sniffed {
  const inline = sniffInlineType(head);
  if (inline) return { mime: inline, inline: true };
  if (looksLikeSvg(head)) return { mime: 'image/svg+xml', inline: false };
  return { mime: 'application/octet-stream', inline: false };
}

/**
 * The type a new upload is recorded with: what its bytes are when the sniffing knows them, else the
 * uploader's type unless it claims one of the recognised kinds (an "image/png" that is not a PNG is
 * recorded as an opaque file, so a check such as "a chat image must be an image" looks at bytes).
 */
export function recordedType(head: Uint8Array, declared: string | null | undefined): string {
  const sniffed = servingOf(head);
  if (sniffed.mime !== 'application/octet-stream') return sniffed.mime;
  const d = (declared ?? '').toLowerCase().split(';')[0].trim();
  if (!d || /^(image|audio|video)\//.test(d) || d === 'application/pdf' || /(html|javascript|ecmascript|xml)/.test(d)) return 'application/octet-stream';
  return /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/.test(d) ? d : 'application/octet-stream';
}

/** The headers every stored-file reply carries (the file can never act as a page of this site). */
export function fileReplyHeaders(served: Sniffed, name: string): Record<string, string> {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return {
    'content-type': served.mime,
    'content-disposition': `${served.inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; object-src 'self'",
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'private, max-age=600',
  };
}
