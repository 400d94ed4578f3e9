import { sql } from 'kysely';
import { isLanguage, translate } from '../../../model';
import { SYSTEM_ROLE_GRANTS } from '../../access/permission-model';
import type { Db } from '../../db/database';
import { raiseNotice } from '../notify/notice.service';
import { insertTask } from '../notify/task.service';

/**
 * Minimum and reorder levels (issue 35, purchasing and stock). A location's `levels` (stocklevel.entity.ts)
 * name one row per material; the stock service calls `alertLevelCrossing` after every decrease, with the
 * balance before and after it under the balance row's lock, so a crossing is seen exactly once: when
 * the quantity goes from at or above a level to below it. The reorder level is crossed first; a movement
 * that also (or only) passes the minimum raises the minimum's alert instead (one alert per movement).
 * Stock that climbs back above the level and falls again is a new crossing. Setting a level above what is
 * already on hand raises nothing: the report `stock-below-reorder` lists those.
 *
 * Who is told: the company's purchasers, the active users who may create purchase orders (`pur.order`
 * create) through a system role or one of the company's own roles, in SQL, plus whoever the company's
 * notification setting for purchasing names (raiseNotice). Each gets a bell notice and a to-do task.
 */
const PURCHASE_MENU = 'pur.order';
/** The system roles that grant creating purchase orders (the same table the permission check reads). */
const BUYING_SYSTEM_ROLES = Object.entries(SYSTEM_ROLE_GRANTS).filter(([, grants]) => {
  const g = grants(PURCHASE_MENU);
  return g.includes('create');
}).map(([code]) => code);

export async function purchasersOf(tx: Db, clientId: number): Promise<Array<{ id: number; language: string }>> {
  return (await sql<{ id: number; language: string }>`select distinct u.id, u.language from users u
    join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
    where u.client_id = ${clientId} and u.status = 'active' and (
      (r.client_id is null and r.code = any(${BUYING_SYSTEM_ROLES}::text[]))
      or (r.client_id = ${clientId} and exists (select 1 from role_grants g where g.client_id = ${clientId} and g.role_id = r.id
        and g.menu_code = ${PURCHASE_MENU} and g.verbs @> '["create"]'::jsonb)))
    order by u.id`.execute(tx)).rows.map((r) => ({ id: Number(r.id), language: r.language }));
}

const fmt = (n: number) => String(Math.round(n * 10000) / 10000);

export type Crossing = { clientId: number; materialId: number; locationId: number; before: number; after: number; docNo: string | null };

/** After a decrease: the alert of a level crossed, or nothing. Returns which level was crossed. */
export async function alertLevelCrossing(tx: Db, c: Crossing): Promise<'reorder' | 'minimum' | null> {
  const level = (await sql<{ min_qty: number | null; reorder_qty: number }>`select min_qty, reorder_qty from wms_stock_level
    where client_id = ${c.clientId} and location_id = ${c.locationId} and material_id = ${c.materialId} order by id limit 1`.execute(tx)).rows[0];
  if (!level) return null;
  const reorder = Number(level.reorder_qty);
  const min = level.min_qty === null ? null : Number(level.min_qty);
  const crossed = (x: number | null) => x !== null && x > 0 && c.before >= x && c.after < x;
  const which = crossed(min) ? 'minimum' : crossed(reorder) ? 'reorder' : null;
  if (!which) return null;
  const names = (await sql<{ material: string; location: string }>`select concat(m.code, ' ', m.name) as material, concat(l.code, ' ', l.name) as location
    from md_material m, wms_location l where m.id = ${c.materialId} and m.client_id = ${c.clientId} and l.id = ${c.locationId} and l.client_id = ${c.clientId}`.execute(tx)).rows[0];
  const params = {
    material: names?.material ?? String(c.materialId), location: names?.location ?? String(c.locationId), before: fmt(c.before), after: fmt(c.after),
    reorder: fmt(reorder), min: min === null ? '-' : fmt(min), doc: c.docNo ?? '-',
  };
  const users = await purchasersOf(tx, c.clientId);
  await raiseNotice(tx, {
    clientId: c.clientId, userIds: users.map((u) => u.id), kind: `purchase.${which === 'minimum' ? 'belowMinimum' : 'belowReorder'}`, title: '', doc_no: c.docNo ?? undefined,
    link: '/rpt/dsrptindex/stock-below-reorder',
    i18n: { title: `wms.level.alert.${which}.title`, body: 'wms.level.alert.body', params },
  });
  const due = new Date(Date.now() + (which === 'minimum' ? 1 : 3) * 86_400_000).toISOString().slice(0, 10);
  for (const u of users) {
    const lang = isLanguage(u.language) ? u.language : 'zh-CN';
    const threshold = which === 'minimum' ? params.min : params.reorder;
    await insertTask(tx, { clientId: c.clientId, userId: u.id }, {
      subject: translate(lang, 'wms.level.alert.task', { ...params, level: translate(lang, `wms.level.${which}`), threshold }).slice(0, 200),
      priority: which === 'minimum' ? 'high' : 'normal', due_date: due, remark: translate(lang, 'wms.level.alert.body', params).slice(0, 1000),
    });
  }
  return which;
}
