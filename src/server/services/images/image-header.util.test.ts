import { describe, expect, it } from 'vitest';
import { solidPng } from '../../../../tests/support/png';
import { checkImageSize, codeOfFileName, looksLikeImage, readImageHeader } from './image-header.util';

const bytes = (...parts: Array<number[] | string>) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const be16 = (n: number) => [n >> 8, n & 0xff];
const le16 = (n: number) => [n & 0xff, n >> 8];
const le24 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff];

function jpegOf(width: number, height: number, marker = 0xc0): Uint8Array {
  const app0 = [0xff, 0xe0, ...be16(16), ...'JFIF\0'.split('').map((c) => c.charCodeAt(0)), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const exifPad = [0xff, 0xe1, ...be16(2 + 300), ...new Array<number>(300).fill(0)];
  const sof = [0xff, marker, ...be16(17), 8, ...be16(height), ...be16(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return bytes([0xff, 0xd8], app0, exifPad, [0xff, 0xff], sof, [0xff, 0xda, 0, 8]);
}

describe('image headers (PNG, JPEG, GIF, WebP)', () => {
  it('reads the size of a real PNG', () => {
    expect(readImageHeader(solidPng(702, 180))).toMatchObject({ kind: 'png', mime: 'image/png', width: 702, height: 180 });
  });

  it('reads baseline and progressive JPEG frames after APP segments and fill bytes', () => {
    expect(readImageHeader(jpegOf(600, 840))).toMatchObject({ kind: 'jpeg', ext: 'jpg', width: 600, height: 840 });
    expect(readImageHeader(jpegOf(1024, 768, 0xc2))).toMatchObject({ width: 1024, height: 768 });
  });

  it('reads GIF and the three WebP encodings', () => {
    expect(readImageHeader(bytes('GIF89a', le16(320), le16(200), [0, 0, 0]))).toMatchObject({ kind: 'gif', width: 320, height: 200 });
    const riff = (chunk: string, body: number[]) => bytes('RIFF', [0, 0, 0, 0], 'WEBP', chunk, [0, 0, 0, 0], body, new Array<number>(16).fill(0));
    expect(readImageHeader(riff('VP8X', [0, 0, 0, 0, ...le24(199), ...le24(199)]))).toMatchObject({ kind: 'webp', width: 200, height: 200 });
    expect(readImageHeader(riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, ...le16(640), ...le16(480)]))).toMatchObject({ width: 640, height: 480 });
    // lossless: 14-bit width-1 and height-1 packed after the 0x2f signature
    const w = 701;
    const h = 179;
    const packed = w | (h << 14);
    expect(readImageHeader(riff('VP8L', [0x2f, packed & 0xff, (packed >> 8) & 0xff, (packed >> 16) & 0xff, (packed >> 24) & 0xff]))).toMatchObject({ width: 702, height: 180 });
  });

  it('refuses what is not an image, and a truncated header', () => {
    expect(readImageHeader(bytes('%PDF-1.7 hello'))).toBeNull();
    expect(readImageHeader(bytes('PK', [3, 4, 0, 0]))).toBeNull();
    expect(readImageHeader(solidPng(10, 10).subarray(0, 20))).toBeNull();
    expect(looksLikeImage(solidPng(10, 10).subarray(0, 20))).toBe(true);
    expect(readImageHeader(bytes([0xff, 0xd8, 0xff, 0xda, 0, 8]))).toBeNull();
  });
});

describe('spec 9 image sizes', () => {
  it('refuses a business licence below 600x840', () => {
    expect(checkImageSize('licence', 600, 840).error).toBeNull();
    expect(checkImageSize('licence', 1200, 1700).error).toBeNull();
    expect(checkImageSize('licence', 599, 840).error).toEqual({ key: 'image.licenceTooSmall', params: { width: 599, height: 840 } });
    expect(checkImageSize('licence', 600, 839).error?.key).toBe('image.licenceTooSmall');
  });

  it('only recommends 200x200 for an avatar', () => {
    expect(checkImageSize('avatar', 200, 200)).toEqual({ error: null, warning: null });
    expect(checkImageSize('avatar', 640, 480)).toEqual({ error: null, warning: { key: 'image.avatarRecommended', params: { width: 640, height: 480 } } });
  });

  it('takes a logo of exactly 702x180 or 200x200', () => {
    expect(checkImageSize('logo', 702, 180).error).toBeNull();
    expect(checkImageSize('logo', 200, 200).error).toBeNull();
    expect(checkImageSize('logo', 703, 180).error?.key).toBe('image.logoSize');
    expect(checkImageSize('generic', 1, 1)).toEqual({ error: null, warning: null });
  });
});

describe('file names as record codes', () => {
  it('drops the extension and any folder', () => {
    expect(codeOfFileName('M000123.jpg')).toBe('M000123');
    expect(codeOfFileName('photos/M000123.v2.png')).toBe('M000123.v2');
    expect(codeOfFileName(' M1 .png')).toBe('M1');
    expect(codeOfFileName('.hidden')).toBe('.hidden');
  });
});
