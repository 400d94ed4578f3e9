/**
 * A small Code 128 encoder (code set B, ASCII 32..126) for the engine's printed labels (`PageDef.labels`,
 * LabelsPage: a bundle's ticket): the barcode a keyboard-wedge scanner reads back as the label's code. Pure: text -> module widths -> SVG bars.
 * Code 128: start B (104), one symbol per character (value = char code - 32), a check symbol
 * ((104 + sum of value x position) mod 103), stop; every symbol is 3 bars and 3 spaces, 11 modules
 * (the stop 13), and a quiet zone of 10 modules each side.
 */
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
] as const;

export const CODE128_PATTERNS: readonly string[] = PATTERNS;
const START_B = 104;
const STOP = 106;
export const QUIET_MODULES = 10;

/** Whether every character of `text` is in code set B (printable ASCII). */
export function encodableCode128(text: string): boolean {
  return text.length > 0 && [...text].every((c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) <= 126);
}

/** The symbol values of `text`: start B, the characters, the check symbol, stop. Throws on a character outside set B. */
export function code128Values(text: string): number[] {
  if (!encodableCode128(text)) throw new Error(`Code 128 B cannot encode "${text}": printable ASCII only`);
  const data = [...text].map((c) => c.charCodeAt(0) - 32);
  const check = (START_B + data.reduce((sum, v, i) => sum + v * (i + 1), 0)) % 103;
  return [START_B, ...data, check, STOP];
}

/** Bar and space widths in modules, alternating, starting with a bar. */
export function code128Widths(text: string): number[] {
  return code128Values(text).flatMap((v) => [...PATTERNS[v]].map(Number));
}

/** The bars as rectangles (x and width in modules), the total width with the quiet zones. */
export function code128Bars(text: string): { bars: Array<{ x: number; w: number }>; modules: number } {
  const widths = code128Widths(text);
  const bars: Array<{ x: number; w: number }> = [];
  let x = QUIET_MODULES;
  widths.forEach((w, i) => {
    if (i % 2 === 0) bars.push({ x, w });
    x += w;
  });
  return { bars, modules: x + QUIET_MODULES };
}

/** An SVG document of the barcode (`module` px per module, `height` px), for printing. */
export function code128Svg(text: string, module = 2, height = 60): string {
  const { bars, modules } = code128Bars(text);
  const rects = bars.map((b) => `<rect x="${b.x * module}" y="0" width="${b.w * module}" height="${height}"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${modules * module}" height="${height}" viewBox="0 0 ${modules * module} ${height}"><rect width="100%" height="100%" fill="#fff"/><g fill="#000">${rects}</g></svg>`;
}
