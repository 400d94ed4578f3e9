import { sql } from 'kysely';
import { requireEntity } from '../../../model';
import { hashPassword } from '../../kernel/password';
import type { Db } from '../../db/database';
import { DEMO_PASSWORD, registerSeeder } from '../../db/seed';
import { writeContext, type WriteContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { withTenant } from '../../kernel/rls';
import { decideIn, startFlow } from './approval.service';

/**
 * Demo approvals (issue 14) for the brand BRAND01: a finance user `brand.finance` (张会计, password
 * Demo1234) in a finance org and position; the brand administrator `brand` as the purchasing
 * manager (manager position of the purchasing org) and `brand.buyer` as a buyer in it; the process
 * PO_APPROVAL (node 1 the buyer's reporting manager, node 2 the finance position, or-sign each);
 * purchase orders the buyer submitted: three waiting (two at the manager, one at finance), one
 * approved, one rejected. Every step goes through the same service calls as the bus. Idempotent:
 * nothing happens for a company that already has the process.
 */
type Values = Record<string, unknown>;

async function idOf(tx: Db, table: string, clientId: number, code: string): Promise<number | null> {
  const r = await sql<{ id: number }>`select id from ${sql.table(table)} where client_id = ${clientId} and code = ${code}`.execute(tx);
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

async function ensureCode(w: WriteContext, entity: string, table: string, code: string, values: Values): Promise<number> {
  return (await idOf(w.tx, table, w.actor.clientId, code)) ?? writeDocument(w, requireEntity(entity), { body: { code, ...values } });
}

async function ensureFinanceUser(db: Db, clientId: number, passwordHash: () => Promise<string>): Promise<number> {
  const found = await sql<{ id: number }>`select id from users where lower(username) = 'brand.finance'`.execute(db);
  if (found.rows[0]) return Number(found.rows[0].id);
  const id = Number(
    (
      await sql<{ id: number }>`insert into users (client_id, username, fullname, email, mobile, password_hash, is_super, status)
        values (${clientId}, 'brand.finance', '张会计', 'brand.finance@demo.local', '13800000009', ${await passwordHash()}, false, 'active') returning id`.execute(db)
    ).rows[0].id,
  );
  // Finance's own role (issue 29): statements, approvals, spend and the tower, not the buyers' work.
  await sql`insert into user_roles (user_id, role_id) select ${id}, id from roles where client_id is null and code = 'finance' on conflict do nothing`.execute(db);
  return id;
}

const task = async (tx: Db, clientId: number, pid: number, userId: number) =>
  Number((await sql<{ id: number }>`select id from wf_task where client_id = ${clientId} and instance_id = ${pid} and user_id = ${userId} and status = 10`.execute(tx)).rows[0].id);

registerSeeder(async (db, { config, tenants, users }) => {
  const clientId = tenants.BRAND01;
  const [admin, buyer] = [users.brand, users['brand.buyer']];
  if (!clientId || !admin || !buyer) return;
  const has = await withTenant(db, clientId, async (tx) => (await sql`select 1 from wf_process_def where client_id = ${clientId} and code = 'PO_APPROVAL'`.execute(tx)).rows.length > 0);
  if (has) return;
  const finance = await ensureFinanceUser(db, clientId, () => hashPassword(DEMO_PASSWORD, config.argon2));
  const adminActor = { clientId, userId: admin, username: 'brand', fullname: '品牌管理员', ip: null, roles: ['clientadmin'] };
  await withTenant(db, clientId, async (tx) => {
    const w = writeContext(tx, adminActor, 'seed');
    const root = await idOf(tx, 'md_org', clientId, 'ORG');
    const pur = await idOf(tx, 'md_org', clientId, 'ORG-PUR');
    const fin = await ensureCode(w, 'org', 'md_org', 'ORG-FIN', { name: '财务部', parent_id: root, level: '3', is_public: true, manager: '张会计' });
    await ensureCode(w, 'position', 'md_position', 'POS-PUR-MGR', { name: '采购主管', org_id: pur, user_id: admin, work_percent: 100, is_manager: true });
    await ensureCode(w, 'position', 'md_position', 'POS-BUYER', { name: '采购员', org_id: pur, user_id: buyer, work_percent: 100, is_manager: false });
    await ensureCode(w, 'position', 'md_position', 'POS-FIN', { name: '财务审核', org_id: fin, user_id: finance, work_percent: 100, is_manager: false });
    await writeDocument(w, requireEntity('processdef'), {
      body: {
        code: 'PO_APPROVAL', name: '采购订单审批', entity_name: 'purorder', required: false, enabled: true,
        remark: '采购员提交后，先由采购主管（汇报上级）审批，再由财务审核；通过后方可发送供应商。',
        nodes: [
          { seq: 1, name: '采购主管审批', status_code: 'MGR', launch_action: 'TO_FINANCE', launch_text: '提交财务审核', is_end: false, access_type: 'reporting_manager', sign_type: 'or', allow_edit: false },
          { seq: 2, name: '财务审核', status_code: 'FIN', is_end: true, access_type: 'fixed_positions', position_codes: 'POS-FIN', sign_type: 'or', allow_edit: false },
        ],
        steps: [
          { step_code: 'S10', name: '主管通过', from_seq: 1, to_seq: 2 },
          { step_code: 'S20', name: '财务通过', from_seq: 2, to_seq: null },
        ],
      },
    });
  });

  // The buyer's orders, submitted and decided through the service, as the bus would.
  const buyerActor = { clientId, userId: buyer, username: 'brand.buyer', fullname: '李采购', ip: null, roles: ['common'] };
  await withTenant(db, clientId, async (tx) => {
    const vendor = await idOf(tx, 'md_vendor', clientId, 'VD001');
    const material = await idOf(tx, 'md_material', clientId, 'MD0001');
    if (!vendor || !material) return;
    const w = writeContext(tx, buyerActor, 'seed');
    const po = requireEntity('purorder');
    const by = { userId: buyer, username: 'brand.buyer', ip: null };
    const mgr = { userId: admin, username: 'brand', ip: null };
    const fin = { userId: finance, username: 'brand.finance', ip: null };
    const orders: number[] = [];
    for (const [i, qty] of [120, 300, 80, 450, 60].entries()) {
      orders.push(await writeDocument(w, po, { body: { order_kind: 'material', vendor_id: vendor, order_date: '2026-11-24', delivery_date: '2026-12-20', currency: 'CNY', remark: `审批演示 ${i + 1}`, lines: [{ material_id: material, unit: 'KG', qty, unit_price: 38.5, seq: 1 }] } }));
    }
    const flows = [];
    for (const id of orders) flows.push((await startFlow(tx, clientId, by, po, id, '请审批')).pid);
    // Order 3 waits at finance; 4 is approved by both; 5 is rejected by the manager. 1 and 2 wait at the manager.
    await decideIn(tx, clientId, mgr, await task(tx, clientId, flows[2], admin), 'approve', '同意');
    await decideIn(tx, clientId, mgr, await task(tx, clientId, flows[3], admin), 'approve', '同意');
    await decideIn(tx, clientId, fin, await task(tx, clientId, flows[3], finance), 'approve', '预算内，同意');
    await decideIn(tx, clientId, mgr, await task(tx, clientId, flows[4], admin), 'reject', '数量过多，请核减后重新提交');
  });
});
