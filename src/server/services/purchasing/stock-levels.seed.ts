import { sql } from 'kysely';
import { requireEntity } from '../../../model';
import { registerSeeder } from '../../db/seed';
import { writeContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { withTenant } from '../../kernel/rls';

/**
 * Demo stock levels (issue 35), after the purchasing demo (its locations, receipts and moves): the
 * brand's and the maker's fabric store A01 keeps the knitted fabric (MD0001) at a reorder level of 600 kg
 * (minimum 300) and the second fabric (MD0002) at 800 m (minimum 400); the cutting area A02 keeps
 * 150 kg of MD0001; B01 in the second plant keeps 600 m of MD0002 (minimum 200). After the demo's
 * moves, transfer and return, A01's MD0001 (570 kg) and B01's MD0002 (500 m) are under their reorder
 * level: the report of materials below reorder level is not empty. Written through the document
 * writer as the location drawer's grid saves them. Idempotent: a company that has levels is skipped.
 */
type Level = [location: string, material: string, min: number | null, reorder: number, remark: string];
const LEVELS: Level[] = [
  ['WH-A01', 'MD0001', 300, 600, '针织主料，按周消耗约 400 公斤'],
  ['WH-A01', 'MD0002', 400, 800, '梭织面料，采购周期 10 天'],
  ['WH-A02', 'MD0001', 50, 150, '裁床待料区安全量'],
  ['WH-B01', 'MD0002', 200, 600, '二厂备料'],
];

registerSeeder(async (db, { tenants, users }) => {
  for (const [code, admin] of [['BRAND01', 'brand'], ['MAKER01', 'maker']] as const) {
    const clientId = tenants[code];
    const userId = users[admin];
    if (!clientId || !userId) continue;
    await withTenant(db, clientId, async (tx) => {
      if ((await sql<{ n: number }>`select count(*)::int as n from wms_stock_level where client_id = ${clientId}`.execute(tx)).rows[0].n > 0) return;
      const w = writeContext(tx, { clientId, userId, username: admin, fullname: admin, ip: null, roles: ['clientadmin'] }, 'seed');
      const idOf = async (table: string, c: string) => (await sql<{ id: number; version: number }>`select id, version from ${sql.table(table)} where client_id = ${clientId} and code = ${c}`.execute(tx)).rows[0];
      for (const loc of [...new Set(LEVELS.map((l) => l[0]))]) {
        const location = await idOf('wms_location', loc);
        if (!location) continue;
        const levels = [];
        for (const [, mat, min, reorder, remark] of LEVELS.filter((l) => l[0] === loc)) {
          const m = await idOf('md_material', mat);
          if (m) levels.push({ material_id: Number(m.id), min_qty: min, reorder_qty: reorder, remark });
        }
        await writeDocument(w, requireEntity('warehouselocation'), { id: Number(location.id), version: Number(location.version), body: { levels } });
      }
    });
  }
});
