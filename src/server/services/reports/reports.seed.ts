import { sql } from 'kysely';
import { inspection } from '../../../model/entities/inspection.entity';
import type { AuthContext } from '../../access/auth-context';
import { registerSeeder } from '../../db/seed';
import { writeContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { runAction } from '../../resources/resource.service';
import { seedQualityDemo } from '../quality/quality.seed';
import { withTenant } from '../../kernel/rls';

/**
 * Demo for the control tower's quality figures (issue 13): the maker's line inspectors check the
 * work orders on each sewing line (end-line, one or two lots a line) and the lots of outsourcing
 * vendors at the end of their line (end-line too: a final inspection is the order's dispatch
 * guard, which the demo's orders must not meet), so the defect rate by line, vendor and style has
 * something to rank. Defects differ by line (a line or two run above the 2.5 % a buyer accepts).
 * Every record is written and submitted as the station does (the AQL plan and the verdict are the
 * server's). Idempotent: nothing once the maker has an inspection of a work order or outsourced order.
 */
const authOf = (clientId: number, userId: number): AuthContext => ({
  userId, username: 'maker', fullname: '工厂管理员', clientId, sessionId: 'seed', roles: ['clientadmin', 'common'], isSuper: false, platformId: 'SRM', language: 'zh-CN', tokenExp: 0,
});

/** Defects found in a lot: by the line's rank (0 = the best line) and the lot's number on it. */
function found(rank: number, lot: number): Array<[string, number]> {
  const heavy = rank % 4 === 3;
  const out: Array<[string, number]> = [['S03', 1 + ((rank + lot) % 3)]];
  if (rank % 2 === 1) out.push(['S04', 1 + lot]);
  if (heavy) out.push(['S01', 2 + lot], ['F02', 1]);
  if (rank % 3 === 2) out.push(['A01', 2]);
  return out;
}

registerSeeder(
  async (db, { tenants, users }) => {
    const maker = tenants.MAKER01;
    if (!maker || !users.maker) return;
    // The defect catalogue first (idempotent: the quality demo's own seeder may have run).
    await seedQualityDemo(db, maker, users.maker);
    const actor = { clientId: maker, userId: users.maker, username: 'maker', fullname: '工厂管理员', ip: null, roles: ['clientadmin'] };
    const ids = await withTenant(db, maker, async (tx) => {
      const done = await sql<{ n: number }>`select count(*)::int as n from qm_inspection where client_id = ${maker} and (workorder_id is not null or outsource_id is not null)`.execute(tx);
      if (done.rows[0].n > 0) return [];
      const defects = new Map((await sql<{ id: number; code: string }>`select id, code from qm_defect where client_id = ${maker} and coalesce(enabled, true)`.execute(tx)).rows.map((r) => [r.code, Number(r.id)]));
      if (!defects.size) return [];
      const w = writeContext(tx, actor, 'seed');
      const made: number[] = [];
      const lines = (await sql<{ id: number; wo: number[] }>`select line_id as id, (array_agg(id order by start_date, id))[1:2] as wo
        from scm_workorder where client_id = ${maker} and line_id is not null group by line_id order by line_id limit 8`.execute(tx)).rows;
      for (const [rank, l] of lines.entries()) {
        for (const [lot, woId] of l.wo.entries()) {
          const wo = (await sql<Record<string, unknown>>`select id, order_id, plan_id, style_no, qty from scm_workorder where client_id = ${maker} and id = ${woId}`.execute(tx)).rows[0];
          const rows = found(rank, lot).filter(([code]) => defects.has(code)).map(([code, qty]) => ({ defect_id: defects.get(code), qty }));
          made.push(
            await writeDocument(w, inspection, {
              body: { stage: 'endline', order_id: wo.order_id, plan_id: wo.plan_id, workorder_id: wo.id, style_no: wo.style_no, lot_size: Math.max(Number(wo.qty ?? 0), 280), level: 'II', aql: '2.5', inspector: '巡检 刘芳', defects: rows },
            }),
          );
        }
      }
      const outsourced = (await sql<Record<string, unknown>>`select o.id, o.total_qty, o.style_no
        from scm_outsource_order o where o.client_id = ${maker} and o.status not in ('draft', 'rejected', 'cancelled') order by o.id limit 4`.execute(tx)).rows;
      for (const [k, o] of outsourced.entries()) {
        const rows = found(k * 2 + 1, k).filter(([code]) => defects.has(code)).map(([code, qty]) => ({ defect_id: defects.get(code), qty }));
        made.push(
          await writeDocument(w, inspection, {
            body: { stage: 'endline', outsource_id: o.id, style_no: o.style_no ?? null, lot_size: Math.max(Number(o.total_qty ?? 0), 280), level: 'II', aql: '2.5', inspector: '收货检验 王磊', defects: rows },
          }),
        );
      }
      return made;
    });
    const ctx = { db, auth: authOf(maker, users.maker), ip: null, language: 'zh-CN' as const };
    for (const id of ids) await runAction(ctx, inspection, 'submit', { ids: [id] });
  },
  { exchange: true },
);
