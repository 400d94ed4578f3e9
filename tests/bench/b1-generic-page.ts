/**
 * Bench B1 (issues 3 and 32): a million materials in one tenant; the generic list endpoint (through
 * app.inject, so with token check, permissions, data scope, query parsing and the envelope) against
 * the raw SQL of the same page (hand-written Kysely: the same tenant transaction, filter, order,
 * page and reference labels) on the same data in the same run, interleaved:
 *
 *   first rows      the grid's first block (100 rows, default order by code), rows only (count=none)
 *   sort change     the same list sorted by name, descending, filtered to valid materials
 *   filter change   the list filtered to one material group (a fifth of the rows), by code
 *   deep page       row 500,000 on: keyset after the previous block's cursor; and by OFFSET (a
 *                   scrollbar dragged there), which keyset paging replaces
 *   count           GET count (exact up to 10,000 rows, else the planner's estimate), with exact=1,
 *                   and the raw count(*)
 *
 * Targets (issue 32): rows <= 1.2x the raw SQL at p50; first rows <= 150 ms p50; sort and filter
 * changes <= 300 ms p95. PostgreSQL with TEST_DATABASE_URL (as measured), else PGlite in memory.
 * Usage: `TEST_DATABASE_URL=postgres://... npm run bench -- b1` (B1_ROWS, B1_RUNS to change them).
 */
import { sql } from 'kysely';
import type { Db } from '../../src/server/db/database';
import { withTenant } from '../../src/server/kernel/rls';
import { createTestApp } from '../support/test-app';
import { tokenFor } from '../support/resource-client';
import type { Bench } from './run';

const ROWS = Number(process.env.B1_ROWS ?? 1_000_000);
const SIZE = 100;
const DEEP_ROW = Math.floor(ROWS / 2);
const RUNS = Number(process.env.B1_RUNS ?? 30);

/** Bulk insert in one statement: generate_series, vendors rotated, 90% still valid, five groups. */
async function fillMaterials(db: Db, clientId: number): Promise<void> {
  const vendors = (await sql<{ id: number }>`select id from md_vendor where client_id = ${clientId} order by id`.execute(db)).rows.map((r) => r.id);
  await sql`insert into md_material (client_id, code, name, material_group, material_type, unit, vendor_id, price, currency, validity, min_dos, target_dos, max_dos, share)
    select ${clientId}, 'B1' || lpad(g::text, 7, '0'), '基准物料 ' || ((g::bigint * 7919) % ${ROWS}),
      (array['fabric','lining','trim','packing','garment'])[1 + g % 5],
      (array['knit','woven','denim','button','zipper'])[1 + g % 5],
      (array['M','KG','PCS','YD'])[1 + g % 4],
      (${sql.val(vendors)}::bigint[])[1 + g % ${vendors.length}],
      round((1 + (g % 1000) / 7.0)::numeric, 4), 'CNY',
      case when g % 10 = 0 then '0' else '10' end, 5, 10, 20, false
    from generate_series(1, ${ROWS}) g`.execute(db);
  await sql`analyze md_material`.execute(db);
}

type Shape = { filter?: { field: 'validity' | 'material_group'; value: string }; sort: { field: 'code' | 'name'; dir: 'asc' | 'desc' }; offset?: number; afterCode?: string };

/** The raw SQL of one page: tenant transaction, filter, order (id breaks ties on name), page, labels. */
async function rawPage(db: Db, clientId: number, shape: Shape): Promise<Array<{ id: number; code: string }>> {
  return withTenant(db, clientId, async (tx) => {
    let q = tx.selectFrom('md_material as m').where('m.client_id', '=', clientId);
    if (shape.filter) q = q.where(`m.${shape.filter.field}`, '=', shape.filter.value);
    if (shape.afterCode) q = q.where('m.code', '>', shape.afterCode);
    let ordered = q
      .leftJoin('md_vendor as v', (j) => j.onRef('v.id', '=', 'm.vendor_id').onRef('v.client_id', '=', 'm.client_id'))
      .leftJoin('md_customer as c', (j) => j.onRef('c.id', '=', 'm.customer_id').onRef('c.client_id', '=', 'm.client_id'))
      .selectAll('m')
      .select(['v.name as vendor_id__label', 'c.name as customer_id__label'])
      .orderBy(`m.${shape.sort.field}`, shape.sort.dir);
    if (shape.sort.field !== 'code') ordered = ordered.orderBy('m.id', shape.sort.dir);
    return (await ordered.limit(SIZE).offset(shape.offset ?? 0).execute()) as unknown as Array<{ id: number; code: string }>;
  });
}

async function rawCount(db: Db, clientId: number): Promise<number> {
  return withTenant(db, clientId, async (tx) => Number((await tx.selectFrom('md_material').where('client_id', '=', clientId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n));
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
function stats(times: number[]) {
  const s = [...times].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p95: percentile(s, 95) };
}
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** The query of the generic endpoint for a shape (the grid's: rows only). */
function pageQuery(shape: Shape, after?: string): Record<string, string> {
  const q: Record<string, string> = { sort: `${shape.sort.dir === 'desc' ? '-' : ''}${shape.sort.field}`, size: String(SIZE), page: String(Math.floor((shape.offset ?? 0) / SIZE) + 1), count: 'none' };
  if (shape.filter) q[`f.${shape.filter.field}.eq`] = shape.filter.value;
  if (after) q.after = after;
  return q;
}

export const bench: Bench = {
  id: 'B1',
  title: `generic list endpoint vs raw SQL of the same page on ${ROWS.toLocaleString('en')} materials`,
  run: async () => {
    const t = await createTestApp();
    try {
      const db = t.database.db;
      const clientId = (await sql<{ id: number }>`select id from clients where code = 'BRAND01'`.execute(db)).rows[0].id;
      const started = performance.now();
      await fillMaterials(db, clientId);
      const fillMs = performance.now() - started;
      const token = await tokenFor(db, t.config, 'brand');
      const call = async <T>(path: 'page' | 'count', query: Record<string, string>): Promise<T> => {
        const res = await t.app.inject({ method: 'GET', url: `/api/mdapi/material/${path}`, query, headers: { authorization: `Bearer ${token}` } });
        const body = res.json() as { code: number; data: T };
        if (body.code !== 200) throw new Error(`${path} failed: ${res.body}`);
        return body.data;
      };
      type Page = { rows: Array<{ id: number; code: string }>; cursor?: string };

      const shapes: Record<'first' | 'sort' | 'filter' | 'deepOffset', Shape> = {
        first: { sort: { field: 'code', dir: 'asc' } },
        sort: { filter: { field: 'validity', value: '10' }, sort: { field: 'name', dir: 'desc' } },
        filter: { filter: { field: 'material_group', value: 'trim' }, sort: { field: 'code', dir: 'asc' } },
        deepOffset: { sort: { field: 'code', dir: 'asc' }, offset: DEEP_ROW },
      };
      // The keyset page at DEEP_ROW: the cursor of the block before it, as the grid holds it.
      const before = await call<Page>('page', pageQuery({ sort: { field: 'code', dir: 'asc' }, offset: DEEP_ROW - SIZE }));
      const afterCode = before.rows[before.rows.length - 1].code;
      const deepKeyset: Shape = { sort: { field: 'code', dir: 'asc' }, afterCode };
      const cases = {
        first: { generic: () => call<Page>('page', pageQuery(shapes.first)), raw: () => rawPage(db, clientId, shapes.first) },
        sort: { generic: () => call<Page>('page', pageQuery(shapes.sort)), raw: () => rawPage(db, clientId, shapes.sort) },
        filter: { generic: () => call<Page>('page', pageQuery(shapes.filter)), raw: () => rawPage(db, clientId, shapes.filter) },
        deepKeyset: { generic: () => call<Page>('page', pageQuery({ ...deepKeyset, offset: DEEP_ROW }, before.cursor)), raw: () => rawPage(db, clientId, deepKeyset) },
        deepOffset: { generic: () => call<Page>('page', pageQuery(shapes.deepOffset)), raw: () => rawPage(db, clientId, shapes.deepOffset) },
        count: { generic: () => call<{ total: number }>('count', {}), raw: () => rawCount(db, clientId) },
        countExact: { generic: () => call<{ total: number }>('count', { exact: '1' }), raw: () => rawCount(db, clientId) },
      };
      // Both sides must answer the same rows, or the comparison means nothing.
      for (const [name, c] of Object.entries(cases)) {
        if (name.startsWith('count')) continue;
        const [g, r] = [(await c.generic()) as Page, (await c.raw()) as Array<{ code: string }>];
        if (JSON.stringify(g.rows.map((x) => x.code)) !== JSON.stringify(r.map((x) => x.code))) throw new Error(`generic and raw pages differ: ${name}`);
      }
      const exactCount = (await cases.countExact.generic()).total;
      if (exactCount !== (await rawCount(db, clientId))) throw new Error('exact count differs from count(*)');
      const estimate = (await cases.count.generic()).total;
      for (let i = 0; i < 3; i++) {
        for (const c of Object.values(cases)) {
          await c.generic();
          await c.raw();
        }
      }

      const times = Object.fromEntries(Object.keys(cases).flatMap((k) => [[`${k}:g`, [] as number[]], [`${k}:r`, [] as number[]]])) as Record<string, number[]>;
      const time = async (key: string, fn: () => Promise<unknown>) => {
        const t0 = performance.now();
        await fn();
        times[key].push(performance.now() - t0);
      };
      // Interleaved, so drift of the machine (other processes) hits both sides alike.
      for (let i = 0; i < RUNS; i++) {
        for (const [name, c] of Object.entries(cases)) {
          await time(`${name}:g`, c.generic);
          await time(`${name}:r`, c.raw);
        }
      }
      const s = (key: string) => stats(times[key]);
      const ratio = (name: string) => ({ p50: s(`${name}:g`).p50 / s(`${name}:r`).p50, p95: s(`${name}:g`).p95 / s(`${name}:r`).p95 });
      const line = (label: string, name: string) => {
        const g = s(`${name}:g`);
        const r = s(`${name}:r`);
        const q = ratio(name);
        return { label, value: `${ms(g.p50)} / ${ms(g.p95)} vs raw ${ms(r.p50)} / ${ms(r.p95)}: ${q.p50.toFixed(2)}x, ${q.p95.toFixed(2)}x` };
      };
      const rowCases = ['first', 'sort', 'filter', 'deepKeyset'];
      const passed = rowCases.every((n) => ratio(n).p50 <= 1.2) && s('first:g').p50 <= 150 && s('sort:g').p95 <= 300 && s('filter:g').p95 <= 300;
      return {
        lines: [
          { label: 'database', value: `${t.database.kind}, ${ROWS.toLocaleString('en')} rows inserted in ${(fillMs / 1000).toFixed(1)} s; ${RUNS} runs each, p50 / p95` },
          line('first rows (100, by code)', 'first'),
          line('sort change (-name, valid)', 'sort'),
          line('filter change (group = trim)', 'filter'),
          line(`deep page, keyset (row ${DEEP_ROW.toLocaleString('en')})`, 'deepKeyset'),
          line(`deep page, OFFSET (row ${DEEP_ROW.toLocaleString('en')})`, 'deepOffset'),
          line(`count: estimate ${estimate.toLocaleString('en')}`, 'count'),
          line(`count: exact ${exactCount.toLocaleString('en')}`, 'countExact'),
        ],
        passed,
        target: 'rows <= 1.2x the raw SQL at p50 (first, sort, filter, deep keyset); first rows <= 150 ms p50; sort and filter change <= 300 ms p95',
      };
    } finally {
      await t.close();
    }
  },
};
