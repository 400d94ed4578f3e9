/**
 * Finance reconciliation's arithmetic (issue 18), pure: what each company recorded is matched line by
 * line by type, document number and item; amounts are converted from the document's currency into
 * the statement's with the period's rates; totals, unexplained differences and who may confirm.
 * The server (services/finance) gathers the records and stores the result; the statement page shows it.
 */

export type FinLineKind = 'receipt' | 'return' | 'outsource' | 'goods' | 'deduction' | 'adjustment';
export type FinSide = 'buyer' | 'seller';
export type FinMatch = 'matched' | 'qty_diff' | 'amount_diff' | 'buyer_only' | 'seller_only' | 'adjustment';
export type StatementStatus = 'draft' | 'matching' | 'buyer_confirmed' | 'seller_confirmed' | 'locked' | 'cancelled';

/** One company's record of one document and item: amounts payable to the seller are positive, returns and deductions negative. */
export type FinRecord = { kind: FinLineKind; doc_no: string; item: string; item_name?: string | null; currency: string; qty: number; amount: number; date: string | null };

/** Value of one unit of each currency in CNY for the period (CNY and RMB are 1 unless given). */
export type Rates = Record<string, number>;

export type MatchedLine = {
  seq: number;
  kind: FinLineKind;
  doc_no: string;
  item: string;
  item_name: string | null;
  doc_currency: string;
  buyer_date: string | null;
  buyer_qty: number | null;
  buyer_amount: number | null;
  seller_date: string | null;
  seller_qty: number | null;
  seller_amount: number | null;
  rate: number;
  buyer_amount_stmt: number | null;
  seller_amount_stmt: number | null;
  diff_qty: number;
  diff_amount: number;
  match: FinMatch;
  explained: boolean;
  note: string | null;
  added_by: FinSide | null;
};

export class MissingRateError extends Error {
  constructor(readonly currency: string) {
    super(`no rate for ${currency}`);
  }
}

const KIND_ORDER: FinLineKind[] = ['receipt', 'return', 'outsource', 'goods', 'deduction', 'adjustment'];
/** Amounts differ when they differ by a cent or more (statements settle in cents). */
export const AMOUNT_TOLERANCE = 0.005;
const QTY_TOLERANCE = 1e-9;

/** Rounds to cents, half away from zero (money on a statement). */
export function roundMoney(n: number): number {
  const r = Math.round((Math.abs(n) + Number.EPSILON) * 100) / 100;
  return n < 0 ? -r : r;
}

function cnyValue(currency: string, rates: Rates): number {
  const c = currency.toUpperCase();
  const r = rates[c];
  if (r !== undefined && Number.isFinite(r) && r > 0) return r;
  if (c === 'CNY' || c === 'RMB') return 1;
  throw new MissingRateError(c);
}

/** The factor that turns an amount in `from` into `to` (both through CNY). */
export function rateBetween(from: string, to: string, rates: Rates): number {
  if (from.toUpperCase() === to.toUpperCase()) return 1;
  return cnyValue(from, rates) / cnyValue(to, rates);
}

/** An amount in `from` converted into `to` with the period's rates, in cents. */
export function convertAmount(amount: number, from: string, to: string, rates: Rates): number {
  return roundMoney(amount * rateBetween(from, to, rates));
}

/** The currencies a set of records needs rates for (other than the statement's and CNY). */
export function currenciesNeeded(records: FinRecord[], statementCurrency: string): string[] {
  const out = new Set<string>();
  for (const r of records) out.add(r.currency.toUpperCase());
  out.add(statementCurrency.toUpperCase());
  return [...out].filter((c) => c !== 'CNY' && c !== 'RMB').sort();
}

const keyOf = (r: Pick<FinRecord, 'kind' | 'doc_no' | 'item'>) => `${r.kind}\u0000${r.doc_no}\u0000${r.item}`;

type Sum = { rec: FinRecord; qty: number; amount: number; date: string | null };

/** A side's records summed by type, document and item (two lines of one material on one order are one item). */
function sumByKey(records: FinRecord[]): Map<string, Sum> {
  const out = new Map<string, Sum>();
  for (const r of records) {
    const k = keyOf(r);
    const s = out.get(k);
    if (!s) out.set(k, { rec: r, qty: r.qty, amount: r.amount, date: r.date });
    else {
      s.qty += r.qty;
      s.amount += r.amount;
      if (r.date && (!s.date || r.date > s.date)) s.date = r.date;
    }
  }
  return out;
}

/**
 * Matches the buyer's and the seller's records line by line (type + document number + item), converts
 * each side's amount into the statement currency and says how they differ. Lines come ordered by
 * type, document and item, numbered from `firstSeq`.
 */
export function matchRecords(buyer: FinRecord[], seller: FinRecord[], currency: string, rates: Rates, firstSeq = 1): MatchedLine[] {
  const b = sumByKey(buyer);
  const s = sumByKey(seller);
  const keys = [...new Set([...b.keys(), ...s.keys()])];
  const sample = (k: string) => (b.get(k) ?? s.get(k))!.rec;
  keys.sort((x, y) => {
    const a = sample(x);
    const c = sample(y);
    return KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(c.kind) || a.doc_no.localeCompare(c.doc_no) || a.item.localeCompare(c.item);
  });
  return keys.map((k, i) => {
    const rec = sample(k);
    const bs = b.get(k);
    const ss = s.get(k);
    const docCurrency = (bs ?? ss)!.rec.currency.toUpperCase();
    const rate = rateBetween(docCurrency, currency, rates);
    const bAmt = bs ? roundMoney(bs.amount) : null;
    const sAmt = ss ? roundMoney(ss.amount) : null;
    // Each side's amount converted from its own document's currency.
    const bStmt = bs ? convertAmount(bs.amount, bs.rec.currency, currency, rates) : null;
    const sStmt = ss ? convertAmount(ss.amount, ss.rec.currency, currency, rates) : null;
    const diffQty = (ss?.qty ?? 0) - (bs?.qty ?? 0);
    const diffAmount = roundMoney((sStmt ?? 0) - (bStmt ?? 0));
    let match: FinMatch;
    if (!ss) match = 'buyer_only';
    else if (!bs) match = 'seller_only';
    else if (Math.abs(diffQty) > QTY_TOLERANCE) match = 'qty_diff';
    else if (Math.abs(diffAmount) >= AMOUNT_TOLERANCE) match = 'amount_diff';
    else match = 'matched';
    return {
      seq: firstSeq + i,
      kind: rec.kind,
      doc_no: rec.doc_no,
      item: rec.item,
      item_name: (bs?.rec.item_name ?? ss?.rec.item_name) || null,
      doc_currency: docCurrency,
      buyer_date: bs?.date ?? null,
      buyer_qty: bs ? bs.qty : null,
      buyer_amount: bAmt,
      seller_date: ss?.date ?? null,
      seller_qty: ss ? ss.qty : null,
      seller_amount: sAmt,
      rate: Math.round(rate * 1e4) / 1e4,
      buyer_amount_stmt: bStmt,
      seller_amount_stmt: sStmt,
      diff_qty: Math.round(diffQty * 1e4) / 1e4,
      diff_amount: diffAmount,
      match,
      explained: false,
      note: null,
      added_by: null,
    };
  });
}

/** An adjustment both sides see: the same amount on each side, so it never differs itself. */
export function adjustmentLine(seq: number, amount: number, currency: string, reason: string, by: FinSide): MatchedLine {
  const a = roundMoney(amount);
  return {
    seq, kind: 'adjustment', doc_no: '', item: '', item_name: null, doc_currency: currency.toUpperCase(), buyer_date: null, buyer_qty: null, buyer_amount: a,
    seller_date: null, seller_qty: null, seller_amount: a, rate: 1, buyer_amount_stmt: a, seller_amount_stmt: a, diff_qty: 0, diff_amount: 0,
    match: 'adjustment', explained: true, note: reason, added_by: by,
  };
}

export const DIFFERING: ReadonlySet<FinMatch> = new Set(['qty_diff', 'amount_diff', 'buyer_only', 'seller_only']);

export type StatementTotals = { buyer_total: number; seller_total: number; adjust_total: number; diff_total: number; settle_total: number; open_diffs: number };

type TotalsLine = Pick<MatchedLine, 'kind' | 'match' | 'explained'> & { buyer_amount_stmt: number | null; seller_amount_stmt: number | null };

/**
 * The statement's totals: each side's sum, the adjustments, the difference (seller - buyer), the
 * amount to settle (the buyer's figure moved by the agreed adjustments) and how many differing
 * lines no adjustment explains.
 */
export function statementTotals(lines: TotalsLine[]): StatementTotals {
  let buyer = 0;
  let seller = 0;
  let adjust = 0;
  let open = 0;
  for (const l of lines) {
    if (l.kind === 'adjustment') {
      adjust += Number(l.buyer_amount_stmt ?? 0);
      continue;
    }
    buyer += Number(l.buyer_amount_stmt ?? 0);
    seller += Number(l.seller_amount_stmt ?? 0);
    if (DIFFERING.has(l.match) && !l.explained) open += 1;
  }
  return {
    buyer_total: roundMoney(buyer),
    seller_total: roundMoney(seller),
    adjust_total: roundMoney(adjust),
    diff_total: roundMoney(seller - buyer),
    settle_total: roundMoney(buyer + adjust),
    open_diffs: open,
  };
}

export type ConfirmOutcome = { status: StatementStatus } | { error: 'fin.locked' | 'fin.notConfirmable' | 'fin.alreadyConfirmed' | 'fin.openDifferences' };

/**
 * One side confirms: refused when locked, not yet sent or cancelled, already confirmed by that
 * side, or while differences are unexplained unless the side accepts them; the second confirmation
 * locks the statement.
 */
export function confirmOutcome(status: StatementStatus, side: FinSide, openDiffs: number, acceptDifferences: boolean): ConfirmOutcome {
  if (status === 'locked') return { error: 'fin.locked' };
  if (status !== 'matching' && status !== 'buyer_confirmed' && status !== 'seller_confirmed') return { error: 'fin.notConfirmable' };
  if (status === `${side}_confirmed`) return { error: 'fin.alreadyConfirmed' };
  if (openDiffs > 0 && !acceptDifferences) return { error: 'fin.openDifferences' };
  return { status: status === 'matching' ? `${side}_confirmed` : 'locked' };
}
