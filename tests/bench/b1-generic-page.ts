/**
 * Bench B1 (issue 3): 200k materials in one tenant; the generic page endpoint (through app.inject,
 * so with token check, permissions, data scope, query parsing and the envelope) with a filter and
 * a sort, against a hand-written Kysely query returning the same rows, total and vendor label on
 * the same data in the same run. Targets: overhead at most 1.3x at p50 and p95; page 2000 at most
 * 2x the first page's p95 (the sort column is indexed: (client_id, code)).
 *
 * Runs on in-memory PGlite, or on PostgreSQL with TEST_DATABASE_URL. Usage: `npm run bench -- b1`.
 */
import { sql } from 'kysely';
import type { Db } from '../../src/server/db/database';
import { withTenant } from '../../src/server/kernel/rls';
import { createTestApp } from '../support/test-app';
import { tokenFor } from '../support/resource-client';
import type { Bench } from './run';

const ROWS = Number(process.env.B1_ROWS ?? 200_000);
const SIZE = 20;
const DEEP_PAGE = 2000;
const RUNS = Number(process.env.B1_RUNS ?? 40);

/** Bulk insert in one statement: generate_series, vendors rotated, 90% still valid, five groups. */
async function fillMaterials(db: Db, clientId: number): Promise<void> {
  const vendors = (await sql<{ id: number }>`select id from md_vendor where client_id = ${clientId} order by id`.execute(db)).rows.map((r) => r.id);
  await sql`insert into md_material (client_id, code, name, material_group, material_type, unit, vendor_id, price, currency, validity, min_dos, target_dos, max_dos, share)
    select ${clientId}, 'B1' || lpad(g::text, 7, '0'), '基准物料 ' || g,
      (array['fabric','lining','trim','packing','garment'])[1 + g % 5],
      (array['knit','woven','denim','button','zipper'])[1 + g % 5],
      (array['M','KG','PCS','YD'])[1 + g % 4],
      (${sql.val(vendors)}::bigint[])[1 + g % ${vendors.length}],
      round((1 + (g % 1000) / 7.0)::numeric, 4), 'CNY',
      case when g % 10 = 0 then '0' else '10' end, 5, 10, 20, false
    from generate_series(1, ${ROWS}) g`.execute(db);
  await sql`analyze md_material`.execute(db);
}

/** What a developer would write by hand for the same list: tenant transaction, filter, sort, page, total, vendor name. */
async function handWritten(db: Db, clientId: number, page: number): Promise<{ rows: unknown[]; total: number }> {
  return withTenant(db, clientId, async (tx) => {
    const base = tx.selectFrom('md_material as m').where('m.client_id', '=', clientId).where('m.validity', '=', '10');
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .leftJoin('md_vendor as v', (j) => j.onRef('v.id', '=', 'm.vendor_id').onRef('v.client_id', '=', 'm.client_id'))
      .leftJoin('md_customer as c', (j) => j.onRef('c.id', '=', 'm.customer_id').onRef('c.client_id', '=', 'm.client_id'))
      .selectAll('m')
      .select(['v.name as vendor_id__label', 'c.name as customer_id__label'])
      .orderBy('m.code')
      .limit(SIZE)
      .offset((page - 1) * SIZE)
      .execute();
    return { rows, total: Number(total.n) };
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function stats(times: number[]) {
  const s = [...times].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p95: percentile(s, 95) };
}

export const bench: Bench = {
  id: 'B1',
  title: `generic page endpoint vs hand-written Kysely on ${ROWS.toLocaleString('en')} materials`,
  run: async () => {
    const t = await createTestApp();
    try {
      const db = t.database.db;
      const clientId = (await sql<{ id: number }>`select id from clients where code = 'BRAND01'`.execute(db)).rows[0].id;
      const started = performance.now();
      await fillMaterials(db, clientId);
      const fillMs = performance.now() - started;
      const token = await tokenFor(db, t.config, 'brand');
      const generic = async (page: number) => {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/mdapi/material/page',
          query: { 'f.validity.eq': '10', sort: 'code', page: String(page), size: String(SIZE) },
          headers: { authorization: `Bearer ${token}` },
        });
        const body = res.json() as { code: number; data: { rows: Array<{ code: string }>; total: number } };
        if (body.code !== 200) throw new Error(`page failed: ${res.body}`);
        return body.data;
      };
      // Both sides must answer the same thing, or the comparison means nothing.
      for (const page of [1, DEEP_PAGE]) {
        const [g, h] = [await generic(page), await handWritten(db, clientId, page)];
        if (g.total !== h.total || JSON.stringify(g.rows.map((r) => r.code)) !== JSON.stringify(h.rows.map((r) => (r as { code: string }).code)))
          throw new Error(`generic and hand-written pages differ on page ${page}`);
      }
      const times: Record<'g1' | 'h1' | 'gDeep' | 'hDeep', number[]> = { g1: [], h1: [], gDeep: [], hDeep: [] };
      const time = async (key: keyof typeof times, fn: () => Promise<unknown>) => {
        const t0 = performance.now();
        await fn();
        times[key].push(performance.now() - t0);
      };
      for (let i = 0; i < 5; i++) {
        await generic(1);
        await handWritten(db, clientId, 1);
      }
      // Interleaved, so drift of the machine (other processes) hits both sides alike.
      for (let i = 0; i < RUNS; i++) {
        await time('g1', () => generic(1));
        await time('h1', () => handWritten(db, clientId, 1));
        await time('gDeep', () => generic(DEEP_PAGE));
        await time('hDeep', () => handWritten(db, clientId, DEEP_PAGE));
      }
      const g1 = stats(times.g1);
      const h1 = stats(times.h1);
      const gDeep = stats(times.gDeep);
      const hDeep = stats(times.hDeep);
      const r50 = g1.p50 / h1.p50;
      const r95 = g1.p95 / h1.p95;
      const rDeep50 = gDeep.p50 / hDeep.p50;
      const rDeep95 = gDeep.p95 / hDeep.p95;
      const deep = gDeep.p95 / g1.p95;
      const ms = (n: number) => `${n.toFixed(2)} ms`;
      return {
        lines: [
          { label: 'database', value: `${t.database.kind}, ${ROWS.toLocaleString('en')} rows inserted in ${(fillMs / 1000).toFixed(1)} s` },
          { label: 'query', value: `f.validity.eq=10 (90% of rows), sort=code, size=${SIZE}, ${RUNS} runs each` },
          { label: 'generic page 1 p50 / p95', value: `${ms(g1.p50)} / ${ms(g1.p95)}` },
          { label: 'hand-written page 1 p50 / p95', value: `${ms(h1.p50)} / ${ms(h1.p95)}` },
          { label: `generic page ${DEEP_PAGE} p50 / p95`, value: `${ms(gDeep.p50)} / ${ms(gDeep.p95)}` },
          { label: `hand-written page ${DEEP_PAGE} p50 / p95`, value: `${ms(hDeep.p50)} / ${ms(hDeep.p95)}` },
          { label: 'overhead page 1 (p50, p95)', value: `${r50.toFixed(2)}x, ${r95.toFixed(2)}x` },
          { label: `overhead page ${DEEP_PAGE} (p50, p95)`, value: `${rDeep50.toFixed(2)}x, ${rDeep95.toFixed(2)}x` },
          { label: `page ${DEEP_PAGE} vs page 1 (p95, generic)`, value: `${deep.toFixed(2)}x` },
        ],
        passed: r50 <= 1.3 && r95 <= 1.3 && deep <= 2,
        target: 'overhead <= 1.3x at p50 and p95; page 2000 p95 <= 2x page 1 p95',
      };
    } finally {
      await t.close();
    }
  },
};
