/**
 * The buyer's comparison of quotations (issue 16): suppliers x RFQ items, every price converted to
 * the project's currency by the project's comparison rates, the best price of each item marked, a
 * total per supplier. Pure, so that the page, the Excel export and the tests read the same numbers.
 */
export type CompareItem = { id: number; name: string; qty: number | null; unit: string | null; expected_price: number | null; currency: string };
export type CompareBreak = { min_qty: number; unit_price: number; lead_time_days: number | null };
export type CompareOffer = { quote_no: string; currency: string; unit_price: number; lead_time_days: number | null; breaks: CompareBreak[]; status: string };
export type CompareRecord = { id: number; supplier_name: string; status: string; awarded: boolean; weighted_score: number | null; rank_no: number | null; offers: Record<string, CompareOffer> };
export type CompareCell = {
  quote_no: string;
  currency: string;
  /** The price at the item's quantity: the break with the largest quantity not above it, else the unit price. */
  unit_price: number;
  lead_time_days: number | null;
  /** In the project's currency; null when no rate converts the quotation's currency. */
  converted: number | null;
  amount: number | null;
  best: boolean;
  breaks: CompareBreak[];
};
export type CompareRow = { record_id: number; supplier_name: string; status: string; awarded: boolean; weighted_score: number | null; rank_no: number | null; quoted: number; total: number | null; complete: boolean; cells: Record<string, CompareCell> };
export type Comparison = { currency: string; items: Array<CompareItem & { best_price: number | null }>; suppliers: CompareRow[]; missing_rates: string[] };

const round4 = (n: number) => Math.round(n * 10000) / 10000;

/** The price of an offer at a quantity (spec 3 quotation price breaks by quantity). */
export function priceAtQuantity(offer: Pick<CompareOffer, 'unit_price' | 'lead_time_days' | 'breaks'>, qty: number | null): { unit_price: number; lead_time_days: number | null } {
  const q = qty ?? 0;
  const hit = [...offer.breaks].filter((b) => b.min_qty <= q).sort((a, b) => b.min_qty - a.min_qty)[0];
  return hit ? { unit_price: hit.unit_price, lead_time_days: hit.lead_time_days ?? offer.lead_time_days } : { unit_price: offer.unit_price, lead_time_days: offer.lead_time_days };
}

/**
 * `rates`: one unit of the key currency is that many units of `currency` (the project's own is 1).
 * Eliminated and withdrawn suppliers and stopped offers are left out; a supplier's total counts its converted
 * amounts (price x quantity, or the price when the item has no quantity) and is `complete` when it
 * quoted every item.
 */
export function compareOffers(currency: string, items: CompareItem[], records: CompareRecord[], rates: Record<string, number>): Comparison {
  const rateOf = (c: string) => (c === currency ? 1 : rates[c] ?? null);
  const missing = new Set<string>();
  const rows: CompareRow[] = records
    .filter((r) => r.status !== 'eliminated' && r.status !== 'withdrawn')
    .map((r) => {
      const cells: Record<string, CompareCell> = {};
      let total = 0;
      let convertible = true;
      for (const item of items) {
        const offer = r.offers[String(item.id)];
        if (!offer || offer.status === 'stopped') continue;
        const at = priceAtQuantity(offer, item.qty);
        const rate = rateOf(offer.currency);
        if (rate === null) missing.add(offer.currency);
        const converted = rate === null ? null : round4(at.unit_price * rate);
        const amount = converted === null ? null : round4(converted * (item.qty ?? 1));
        if (amount === null) convertible = false;
        else total += amount;
        cells[String(item.id)] = { quote_no: offer.quote_no, currency: offer.currency, unit_price: at.unit_price, lead_time_days: at.lead_time_days, converted, amount, best: false, breaks: offer.breaks };
      }
      const quoted = Object.keys(cells).length;
      return { record_id: r.id, supplier_name: r.supplier_name, status: r.status, awarded: r.awarded, weighted_score: r.weighted_score, rank_no: r.rank_no, quoted, total: quoted && convertible ? round4(total) : null, complete: quoted === items.length, cells };
    });
  const outItems = items.map((item) => {
    const prices = rows.map((r) => r.cells[String(item.id)]?.converted).filter((v): v is number => typeof v === 'number');
    const best = prices.length ? Math.min(...prices) : null;
    if (best !== null) for (const r of rows) {
      const c = r.cells[String(item.id)];
      if (c && c.converted === best) c.best = true;
    }
    return { ...item, best_price: best };
  });
  return { currency, items: outItems, suppliers: rows, missing_rates: [...missing].sort() };
}
