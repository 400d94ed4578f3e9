/**
 * Size-run headers of garment order sheets (issue 33): the columns of a colour x size matrix are
 * headed by sizes, written in one of a few systems. Pure, shared by the server's mapper and tests.
 *
 * - letters: XXS XS S M L XL XXL XXXL, 2XL..6XL (a trailing 码 / "size" word dropped: "M码");
 * - Chinese national sizes (GB/T 1335): height / chest-or-waist with an optional body type, 160/84A;
 * - numbers: European 34..56, trousers' waist 24..44, children's heights 73..170; a number alone
 *   is ambiguous (a quantity column may be headed "2026"), so numbers count only as a run of two
 *   or more next to each other, rising;
 * - one size: 均码, 单码, free size, one size, F, OS.
 */

const LETTER = /^(?:X{0,3}S|M|X{0,4}L|[2-6]XL|[2-6]XS)$/;
const NATIONAL = /^\d{2,3}\/\d{2,3}[A-Z]?$/;
const ONE_SIZE = new Set(['均码', '单码', '均碼', '均', 'FREE', 'FREESIZE', 'ONE', 'ONESIZE', 'OS', 'F', 'FS', 'O/S']);
const NUMBER = /^\d{2,3}$/;

/** A header cell's text, full-width forms folded, spaces and a trailing 码/號/size dropped, upper case. */
export function sizeText(raw: unknown): string {
  if (raw === null || raw === undefined) return '';
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw : '';
  return text
    .replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\s+/g, '')
    .replace(/^[*＊]+/, '')
    .replace(/(?:码|碼|号|號|SIZE)$/i, '')
    .toUpperCase();
}

/** The kind of size a header names by itself, or null ('number' only counts in a run). */
export function sizeKind(raw: unknown): 'letter' | 'national' | 'one' | 'number' | null {
  const t = sizeText(raw);
  if (!t) return null;
  if (LETTER.test(t)) return 'letter';
  if (NATIONAL.test(t)) return 'national';
  if (ONE_SIZE.has(t)) return 'one';
  if (NUMBER.test(t)) {
    const n = Number(t);
    if (n >= 22 && n <= 190) return 'number';
  }
  return null;
}

/** The size value a header gives (as the line stores it: 160/84A, XL, 38, 均码). */
export function sizeValue(raw: unknown): string {
  const t = sizeText(raw);
  return ONE_SIZE.has(t) ? '均码' : t;
}

/**
 * The sheet columns (0-based) whose headers form size runs: letter, national and one-size headers
 * wherever they stand; number headers when two or more rising ones stand side by side (blank
 * headers between them break the run).
 *
 * Example: `sizeRunColumns(['款号', '颜色', 'S', 'M', 'L', '合计'])` is `[2, 3, 4]`;
 * `sizeRunColumns(['款号', '36', '38', '40'])` is `[1, 2, 3]`; `sizeRunColumns(['数量', '2026'])` is `[]`.
 */
export function sizeRunColumns(headers: readonly unknown[]): number[] {
  const out: number[] = [];
  let run: number[] = [];
  const flush = () => {
    if (run.length >= 2) out.push(...run);
    run = [];
  };
  headers.forEach((h, i) => {
    const kind = sizeKind(h);
    if (kind === 'number') {
      const n = Number(sizeText(h));
      if (run.length && n <= Number(sizeText(headers[run[run.length - 1]]))) flush();
      run.push(i);
      return;
    }
    flush();
    if (kind) out.push(i);
  });
  flush();
  return out.sort((a, b) => a - b);
}
