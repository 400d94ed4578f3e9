/**
 * Image type and pixel size read from the first bytes of a file (PNG, JPEG, GIF, WebP), without an
 * image library: the batch upload checks spec 9's sizes before anything is stored. Pure.
 */

export type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp';
export type ImageInfo = { kind: ImageKind; mime: string; ext: string; width: number; height: number };

/** How many leading bytes are enough: a JPEG's frame header can follow large EXIF segments. */
export const HEADER_BYTES = 256 * 1024;

const MIME: Record<ImageKind, { mime: string; ext: string }> = {
  png: { mime: 'image/png', ext: 'png' },
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  gif: { mime: 'image/gif', ext: 'gif' },
  webp: { mime: 'image/webp', ext: 'webp' },
};

const info = (kind: ImageKind, width: number, height: number): ImageInfo | null => (width > 0 && height > 0 ? { kind, ...MIME[kind], width, height } : null);

const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));
const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u16le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u24le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at] << 24) >>> 0) + ((b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]);

function png(b: Uint8Array): ImageInfo | null {
  // Signature, then the IHDR chunk: length (4), "IHDR", width (4, big-endian), height (4).
  if (b.length < 24 || ascii(b, 12, 4) !== 'IHDR') return null;
  return info('png', u32be(b, 16), u32be(b, 20));
}

function gif(b: Uint8Array): ImageInfo | null {
  if (b.length < 10) return null;
  return info('gif', u16le(b, 6), u16le(b, 8));
}

/** Start-of-frame markers carry the size (baseline, progressive, lossless, arithmetic...). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpeg(b: Uint8Array): ImageInfo | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: restart markers, TEM, SOI.
    if ((marker >= 0xd0 && marker <= 0xd8) || marker === 0x01) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image / start of scan before any frame
    const length = u16be(b, at + 2);
    if (SOF.has(marker)) return info('jpeg', u16be(b, at + 7), u16be(b, at + 5));
    at += 2 + length;
  }
  return null;
}

function webp(b: Uint8Array): ImageInfo | null {
  if (b.length < 30) return null;
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ') {
    // Lossy: key frame start code 9d 01 2a, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return info('webp', u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    // Lossless: signature 0x2f, then width-1 and height-1 in 14 bits each.
    if (b[20] !== 0x2f) return null;
    const width = 1 + (((b[22] & 0x3f) << 8) | b[21]);
    const height = 1 + (((b[24] & 0x0f) << 10) | (b[23] << 2) | ((b[22] & 0xc0) >> 6));
    return info('webp', width, height);
  }
  if (chunk === 'VP8X') return info('webp', 1 + u24le(b, 24), 1 + u24le(b, 27));
  return null;
}

/** The image's kind and size, or null when the bytes are not a PNG, JPEG, GIF or WebP we can read. */
export function readImageHeader(bytes: Uint8Array): ImageInfo | null {
  const b = bytes;
  if (b.length >= 8 && b[0] === 0x89 && ascii(b, 1, 3) === 'PNG' && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) return png(b);
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return jpeg(b);
  if (b.length >= 6 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) return gif(b);
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return webp(b);
  return null;
}

/** Whether the bytes start like an image type we know (even if its size cannot be read). */
export function looksLikeImage(bytes: Uint8Array): boolean {
  const b = bytes;
  return (
    (b.length >= 4 && b[0] === 0x89 && ascii(b, 1, 3) === 'PNG') ||
    (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) ||
    (b.length >= 4 && ascii(b, 0, 4) === 'GIF8') ||
    (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP')
  );
}

/** What an image is for: spec 9 sets the sizes of a business licence, an avatar and a logo. */
export type ImagePurpose = 'generic' | 'licence' | 'avatar' | 'logo';
export const IMAGE_PURPOSES: readonly ImagePurpose[] = ['generic', 'licence', 'avatar', 'logo'];

export type SizeCheck = { error: { key: string; params: Record<string, number> } | null; warning: { key: string; params: Record<string, number> } | null };

/**
 * Spec 9 size rules: a business licence at least 600x840 (refused below), an avatar 200x200
 * recommended (a warning only), a logo exactly 702x180 or 200x200 (refused otherwise).
 */
export function checkImageSize(purpose: ImagePurpose, width: number, height: number): SizeCheck {
  const params = { width, height };
  switch (purpose) {
    case 'licence':
      return { error: width >= 600 && height >= 840 ? null : { key: 'image.licenceTooSmall', params }, warning: null };
    case 'avatar':
      return { error: null, warning: width === 200 && height === 200 ? null : { key: 'image.avatarRecommended', params } };
    case 'logo':
      return { error: (width === 702 && height === 180) || (width === 200 && height === 200) ? null : { key: 'image.logoSize', params }, warning: null };
    default:
      return { error: null, warning: null };
  }
}

/** The record code a file name names: the name without its extension, trimmed (M000123.jpg -> M000123). */
export function codeOfFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? name;
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base).trim();
}
