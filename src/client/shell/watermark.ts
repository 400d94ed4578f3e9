/** Spec 9 watermark constants. */
export const WATERMARK = { rotateDeg: -15, fontPx: 18, color: 'grey', opacity: 0.4, tile: 300 } as const;

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);

/** The watermark's text: the user's name and the date (YYYY-MM-DD, local time). */
export function watermarkText(name: string, date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${name} ${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** One 300x300 tile as SVG: the text at the centre, rotated -15 degrees, 18px, grey at 40 %. */
export function watermarkTileSvg(text: string): string {
  const { tile, rotateDeg, fontPx, color, opacity } = WATERMARK;
  const c = tile / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${tile}" height="${tile}">` +
    `<text x="${c}" y="${c}" text-anchor="middle" dominant-baseline="middle" transform="rotate(${rotateDeg} ${c} ${c})" ` +
    `font-size="${fontPx}px" font-family="sans-serif" fill="${color}" fill-opacity="${opacity}">${escapeXml(text)}</text></svg>`
  );
}

/** The overlay's style: fixed over the whole screen, tiled, and ignoring the pointer (spec 9). */
export function watermarkStyle(text: string): Record<string, string | number> {
  return {
    position: 'fixed',
    inset: 0,
    zIndex: 2147483000,
    pointerEvents: 'none',
    backgroundRepeat: 'repeat',
    backgroundSize: `${WATERMARK.tile}px ${WATERMARK.tile}px`,
    backgroundImage: `url("data:image/svg+xml;charset=utf-8,${encodeURIComponent(watermarkTileSvg(text))}")`,
  };
}
