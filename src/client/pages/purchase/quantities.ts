/**
 * The browser's checks of a shipment or a receipt per line (issue 17), the same the server makes
 * again (services/purchasing): a quantity is a number of 0 or more, whole for counted units (pieces,
 * sets, rolls, cartons, dozens and finished goods by size), up to 4 decimals for measured ones
 * (metres, yards, kilograms), and not above its ceiling (ordered for a shipment, still to receive for
 * a receipt). Each error is a catalogue key with its parameters.
 */
export type QtyError = { key: string; params?: Record<string, unknown> };

/** Measured units take decimals, counted ones whole numbers. */
const MEASURED = new Set(['M', 'YD', 'KG']);
export const wholeUnit = (unit: unknown) => !MEASURED.has(String(unit ?? '').toUpperCase());

/**
 * Whether a line is counted in whole numbers: by its unit when it has one; without a unit, finished
 * goods (style, colour, size) are pieces and a raw material keeps the decimals the order allows.
 */
export const wholeLine = (line: Record<string, unknown>) => (line.unit ? wholeUnit(line.unit) : !(line.material_id || line.material_code || line.material_name));

export function qtyError(text: string, whole: boolean, max: number, overKey: string): QtyError | null {
  const s = text.trim();
  if (!s) return { key: 'pur.qty.required' };
  if (!/^\d+(\.\d+)?$/.test(s)) return { key: 'pur.qty.notNumber' };
  if (whole && !/^\d+$/.test(s)) return { key: 'pur.qty.whole' };
  if (/\.\d{5,}$/.test(s)) return { key: 'pur.qty.decimals' };
  const q = Number(s);
  if (q > max + 1e-9) return { key: overKey, params: { max: fmt(max) } };
  return null;
}

/** A quantity as a person reads it: no trailing zeros, at most 4 decimals. */
export const fmt = (n: unknown) => {
  const v = Number(n ?? 0);
  return Number.isFinite(v) ? String(Math.round(v * 10000) / 10000) : '0';
};

export const num = (v: unknown) => (v === null || v === undefined || v === '' ? 0 : Number(v));

/** A line as the server keys it: its seq, else its id (services/purchasing). */
export const lineKey = (l: Record<string, unknown>) => String(l.seq ?? l.id);
/** The server's order of lines: by seq (lines without one last), then as entered. */
export const byLine = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  (a.seq == null ? 1 : 0) - (b.seq == null ? 1 : 0) || num(a.seq) - num(b.seq) || num(a.id) - num(b.id);

export type ShipLine = { key: string; whole: boolean; ordered: number };

/** A shipment: each line 0..ordered in its unit, and something shipped at all. */
export function shipmentErrors(lines: ShipLine[], values: Record<string, string>): { lines: Record<string, QtyError>; form: QtyError | null } {
  const out: Record<string, QtyError> = {};
  for (const l of lines) {
    const e = qtyError(values[l.key] ?? '', l.whole, l.ordered, 'pur.ship.overOrdered');
    if (e) out[l.key] = e;
  }
  const nothing = !Object.keys(out).length && !lines.some((l) => Number(values[l.key]) > 0);
  return { lines: out, form: nothing ? { key: 'pur.ship.nothing' } : null };
}

export type ReceiptLine = { key: string; whole: boolean; remaining: number };

/**
 * A receipt: each line 0..still to receive, something received; `complete` when it takes everything
 * still to come (then the order is received with `receive`, else `receive_part` takes the quantities).
 */
export function receiptErrors(lines: ReceiptLine[], values: Record<string, string>): { lines: Record<string, QtyError>; form: QtyError | null; complete: boolean } {
  const out: Record<string, QtyError> = {};
  for (const l of lines) {
    const e = qtyError(values[l.key] ?? '', l.whole, Math.max(l.remaining, 0), 'pur.receipt.over');
    if (e) out[l.key] = e;
  }
  const nothing = !Object.keys(out).length && !lines.some((l) => Number(values[l.key]) > 0);
  const complete = lines.every((l) => Number(values[l.key]) >= l.remaining - 1e-9);
  return { lines: out, form: nothing ? { key: 'pur.receipt.nothing' } : null, complete };
}
