import { sql } from 'kysely';
import { listOf } from '../../../model/entities/style.entity';
import { CostingInputError, costStyle } from '../../../model/style-costing';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { registerActionHandler } from '../../resources/action-handlers';
import { registerSaveHook } from '../../resources/save-hooks';
import { deriveRecords, insertRecords, insertSelected, removeRecords, serviceWrite, updateRecords } from '../../resources/record-writer';
import { num } from '../../db/row-values';

/**
 * Styles and their costing versions (issue 18, product development), on the one write path:
 * - a style's BOM colours must be its own colours; a BOM line left without a price or unit takes the
 *   material's from the master data; `total_smv` is the in-house routing steps' SMV;
 * - approving needs a BOM and a routing and locks the style (the state machine's `locked`);
 * - a costing version is numbered V1, V2... per style; a new one starts from the style's BOM (for the
 *   colour costed) and routing, supersedes every earlier version (locked from then on), and every
 *   write prices it with src/model/style-costing.ts;
 * - a requirement order that names an approved style gets its category, a colour x size matrix of
 *   the style (quantities 0 to fill in) and the style's BOM (usage with wastage) when it has none.
 */
type Row = Record<string, unknown>;
const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

async function styleOf(tx: Db, clientId: number, id: unknown): Promise<Row | undefined> {
  if (id === null || id === undefined || id === '') return undefined;
  return (await sql<Row>`select id, code, name, category, colours, size_range, status, image from dev_style where client_id = ${clientId} and id = ${Number(id)}`.execute(tx)).rows[0];
}

/** Derived columns of styles: BOM prices and units from the material master, the routing's in-house SMV. */
async function completeStyles(tx: Db, clientId: number, ids: number[]): Promise<void> {
  const w = serviceWrite(tx, { clientId });
  await deriveRecords(w, 'style_bom', {
    where: sql`t.style_id in (${sql.join(ids)}) and m.client_id = t.client_id and m.id = t.material_id and (t.unit is null or t.unit_price is null)`,
    from: sql`md_material m`,
  }, { unit: sql`coalesce(t.unit, m.unit)`, unit_price: sql`coalesce(t.unit_price, m.price)` });
  await deriveRecords(w, 'style', ids, {
    total_smv: sql`coalesce((select sum(r.smv) from dev_style_routing r where r.client_id = t.client_id and r.style_id = t.id and not coalesce(r.outsourced, false)), 0)`,
  });
}

/** Copies the style's BOM (for the version's colour) and routing into a new costing version that has no lines. */
async function fillCostLines(tx: Db, clientId: number, userId: number, cost: Row, style: Row): Promise<void> {
  const has = await sql<{ n: number }>`select (select count(*) from dev_style_cost_material where client_id = ${clientId} and cost_id = ${Number(cost.id)})
      + (select count(*) from dev_style_cost_process where client_id = ${clientId} and cost_id = ${Number(cost.id)}) as n`.execute(tx);
  if (num(has.rows[0]?.n) > 0) return;
  const colour = text(cost.colour) || listOf(style.colours)[0] || '';
  const w = serviceWrite(tx, { clientId, userId });
  const costId = Number(cost.id);
  await insertSelected(w, 'stylecost_material', ['cost_id', 'material_id', 'consumption', 'wastage_pct', 'unit_price', 'seq'], sql`
    select ${costId}::int as cost_id, b.material_id, b.consumption, coalesce(b.wastage_pct, 0) as wastage_pct, coalesce(b.unit_price, m.price) as unit_price, row_number() over (order by b.seq nulls last, b.id) as seq
    from dev_style_bom b left join md_material m on m.client_id = b.client_id and m.id = b.material_id
    where b.client_id = ${clientId} and b.style_id = ${Number(style.id)} and (coalesce(b.colour, '') = '' or b.colour = ${colour})
    order by b.seq nulls last, b.id`, { audit: false, hooks: false });
  await insertSelected(w, 'stylecost_process', ['cost_id', 'seq', 'process_id', 'smv', 'outsourced', 'outsource_price'], sql`
    select ${costId}::int as cost_id, r.seq, r.process_id, r.smv, coalesce(r.outsourced, false) as outsourced, r.outsource_price
    from dev_style_routing r where r.client_id = ${clientId} and r.style_id = ${Number(style.id)} order by r.seq, r.id`, { audit: false, hooks: false });
}

/** Prices a costing version from its lines and rates, writing each line's amount and the totals. */
export async function priceCost(tx: Db, clientId: number, costId: number): Promise<void> {
  const head = (await sql<Row>`select minute_rate, overhead_pct, margin_pct from dev_style_cost where client_id = ${clientId} and id = ${costId}`.execute(tx)).rows[0];
  if (!head) return;
  const mats = (await sql<Row>`select id, consumption, wastage_pct, unit_price from dev_style_cost_material where client_id = ${clientId} and cost_id = ${costId} order by id`.execute(tx)).rows;
  const procs = (await sql<Row>`select id, smv, outsourced, outsource_price from dev_style_cost_process where client_id = ${clientId} and cost_id = ${costId} order by id`.execute(tx)).rows;
  const mLines = mats.map((m) => ({ consumption: num(m.consumption), wastage_pct: num(m.wastage_pct), unit_price: num(m.unit_price) }));
  const pLines = procs.map((p) => ({ smv: num(p.smv), outsourced: Boolean(p.outsourced), outsource_price: num(p.outsource_price) }));
  const rates = { minute_rate: num(head.minute_rate), overhead_pct: num(head.overhead_pct), margin_pct: num(head.margin_pct) };
  const c = costStyle(mLines, pLines, rates);
  const w = serviceWrite(tx, { clientId });
  for (const [i, m] of mats.entries()) {
    await deriveRecords(w, 'stylecost_material', [Number(m.id)], { amount: costStyle([mLines[i]], [], { minute_rate: 0 }).materials });
  }
  for (const [i, p] of procs.entries()) {
    const one = costStyle([], [pLines[i]], { minute_rate: rates.minute_rate });
    await deriveRecords(w, 'stylecost_process', [Number(p.id)], { amount: one.processing + one.outsourcing });
  }
  await deriveRecords(w, 'stylecost', [costId], {
    material_cost: c.materials, processing_cost: c.processing, outsourcing_cost: c.outsourcing, overhead_cost: c.overhead, total_cost: c.cost, margin_amount: c.margin, price: c.price, smv: c.smv,
  });
}

/** Fills an order's category, colour x size matrix and BOM from the approved style it names (see the note above). */
async function carryStyleIntoOrder(tx: Db, clientId: number, userId: number, orderId: number): Promise<void> {
  const o = (await sql<Row>`select id, style_id, category from scm_pr_order where client_id = ${clientId} and id = ${orderId}`.execute(tx)).rows[0];
  const s = o ? await styleOf(tx, clientId, o.style_id) : undefined;
  if (!o || !s || s.status !== 'approved') return;
  if (!o.category) await deriveRecords(serviceWrite(tx, { clientId, userId }), 'prorder', [orderId], { category: text(s.category) });
  const entries = await sql<{ n: number }>`select count(*)::int as n from scm_pr_order_entry where client_id = ${clientId} and order_id = ${orderId} and style_no = ${text(s.code)}`.execute(tx);
  if (num(entries.rows[0].n) === 0) {
    const seq0 = num((await sql<{ m: number }>`select coalesce(max(seq), 0)::int as m from scm_pr_order_entry where client_id = ${clientId} and order_id = ${orderId}`.execute(tx)).rows[0].m);
    let seq = seq0;
    const lines = listOf(s.colours).flatMap((colour) => listOf(s.size_range).map((size) => ({ order_id: orderId, style_no: text(s.code), style_name: text(s.name), colour, size, qty: 0, seq: ++seq })));
    await insertRecords(serviceWrite(tx, { clientId, userId }), 'prorder_entry', lines, { audit: false, hooks: false });
  }
  const bom = await sql<{ n: number }>`select count(*)::int as n from scm_pr_order_bom where client_id = ${clientId} and order_id = ${orderId}`.execute(tx);
  if (num(bom.rows[0].n) === 0) {
    // One line per material (usage with wastage, the largest of its colours' lines), named as the master data names it.
    await insertSelected(serviceWrite(tx, { clientId, userId }), 'prorder_bom', ['order_id', 'material_id', 'material_name', 'unit', 'usage', 'remark'], sql`
      select ${orderId}::int as order_id, b.material_id, m.name as material_name, coalesce(max(b.unit), max(m.unit)) as unit,
        round(max(b.consumption * (1 + coalesce(b.wastage_pct, 0) / 100))::numeric, 4) as usage, ${`${text(s.code)} BOM`}::text as remark
      from dev_style_bom b join md_material m on m.client_id = b.client_id and m.id = b.material_id
      where b.client_id = ${clientId} and b.style_id = ${Number(s.id)} group by b.material_id, m.name order by min(b.seq), b.material_id`, { audit: false, hooks: false });
  }
}

/** A costing version: numbered per style, filled from the style, earlier versions superseded, priced on every write. */
function registerCostingRules(): void {
  registerSaveHook('stylecost', {
    validate: async ({ tx, clientId, before, values, errors, memo }) => {
      const style = await styleOf(tx, clientId, values.style_id);
      if (!style) return; // the reference check reports it
      if (num(values.margin_pct) >= 100) errors.margin_pct = { key: 'dev.cost.badMargin' };
      const colour = text(values.colour).trim();
      if (colour && !listOf(style.colours).includes(colour)) errors.colour = { key: 'dev.cost.colour', params: { colour } };
      // A draft moved to another style (or another colour) starts again from that style's BOM and routing.
      const restyled = before !== null && (Number(before.style_id) !== Number(style.id) || text(before.colour) !== colour);
      if (restyled) memo.set(`stylecost.refill.${Number(before!.id)}`, true);
      if (!before || Number(before.style_id) !== Number(style.id)) {
        const v = num((await sql<{ v: number }>`select coalesce(max(version_no), 0)::int as v from dev_style_cost where client_id = ${clientId} and style_id = ${Number(style.id)}`.execute(tx)).rows[0].v) + 1;
        values.version_no = v;
        values.cost_no = `${text(style.code)}-V${v}`;
        values.status = 'draft';
      }
    },
    afterWrite: async ({ tx, clientId, ids, created, actor, memo }) => {
      const w = serviceWrite(tx, { clientId, userId: actor.userId, username: actor.username, ip: actor.ip });
      for (const id of ids) {
        const refill = memo.get(`stylecost.refill.${id}`) === true;
        if (refill) {
          await removeRecords(w, 'stylecost_material', { where: sql`t.cost_id = ${id}` });
          await removeRecords(w, 'stylecost_process', { where: sql`t.cost_id = ${id}` });
        }
        const cost = (await sql<Row>`select id, style_id, colour, version_no from dev_style_cost where client_id = ${clientId} and id = ${id}`.execute(tx)).rows[0];
        const style = await styleOf(tx, clientId, cost?.style_id);
        if (!cost || !style) continue;
        if (created || refill) {
          await fillCostLines(tx, clientId, actor.userId, cost, style);
          // The versions before this one are history from now on (locked by the state machine).
          await updateRecords(w, 'stylecost', { where: sql`t.style_id = ${Number(style.id)} and t.id <> ${id} and t.version_no < ${num(cost.version_no)} and t.status <> 'superseded'` }, { status: 'superseded' }, { audit: 'supersede', hooks: false });
        }
        try {
          await priceCost(tx, clientId, id);
        } catch (e) {
          if (e instanceof CostingInputError) throw new AppError('err.validation', { fields: { [e.field]: { key: e.field === 'margin_pct' ? 'dev.cost.badMargin' : 'rule.positiveNumber' } } });
          throw e;
        }
      }
    },
  });
}

let registered = false;
export function registerStyleRules(): void {
  if (registered) return;
  registered = true;

  registerSaveHook('style', {
    validate: async ({ values, errors, children }) => {
      const colours = listOf(values.colours);
      for (const [i, b] of (children?.bom ?? []).entries()) {
        const c = text(b.colour).trim();
        if (c && colours.length && !colours.includes(c)) errors[`bom[${i}].colour`] = { key: 'dev.style.bomColour', params: { colour: c } };
      }
    },
    afterWrite: async ({ tx, clientId, ids }) => completeStyles(tx, clientId, ids),
  });

  registerActionHandler('style', 'approve', async ({ tx, clientId, row }) => {
    const n = (await sql<{ bom: number; routing: number }>`select
        (select count(*)::int from dev_style_bom where client_id = ${clientId} and style_id = ${Number(row.id)}) as bom,
        (select count(*)::int from dev_style_routing where client_id = ${clientId} and style_id = ${Number(row.id)}) as routing`.execute(tx)).rows[0];
    if (!num(n.bom)) throw new AppError('dev.style.noBom', { params: { code: row.code } });
    if (!num(n.routing)) throw new AppError('dev.style.noRouting', { params: { code: row.code } });
    return { patch: { approved_at: new Date().toISOString() } };
  });
  registerActionHandler('style', 'revise', async () => ({ patch: { approved_at: null } }));

  registerCostingRules();

  // Carry an approved style into a requirement order (the order's `style_id`).
  registerSaveHook('prorder', {
    validate: async ({ tx, clientId, values, errors }) => {
      if (values.style_id === null || values.style_id === undefined || values.style_id === '') return;
      const s = await styleOf(tx, clientId, values.style_id);
      if (s && s.status !== 'approved') errors.style_id = { key: 'dev.style.notApproved', params: { code: s.code } };
      else if (s && !values.category) values.category = s.category;
    },
    afterWrite: async ({ tx, clientId, ids, actor }) => {
      for (const id of ids) await carryStyleIntoOrder(tx, clientId, actor.userId, id);
    },
  });
}
