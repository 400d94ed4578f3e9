import { sql } from 'kysely';
import type { PushSubscription } from '../../../model/calls/gateway';
import { registerSeeder } from '../../db/seed';
import { withTenant } from '../../kernel/rls';
import { newPushSecret, sealSecret } from './push-signature';

/**
 * The demo companies' push set-up (issue 35): each has the host of its own system on the allow-list
 * and an endpoint for the documents it would send there, switched off (nobody listens at these
 * example hosts; an administrator switches one on after pointing it at a real receiver). No API key
 * is seeded: a key is only worth something to whoever saw it once.
 */
type DemoPush = { company: string; admin: string; host: string; name: string; path: string; events: PushSubscription[] };

const DEMO_PUSH: DemoPush[] = [
  { company: 'BRAND01', admin: 'brand', host: 'erp.yueyi-fashion.example', name: 'ERP 采购同步', path: '/api/scm/events', events: [{ entity: 'purorder', events: ['create', 'transition'] }, { entity: 'prorder', events: ['create', 'update', 'transition'] }] },
  { company: 'MAKER01', admin: 'maker', host: 'mes.huafang-garment.example', name: 'MES 生产计划', path: '/hooks/platform', events: [{ entity: 'customerorder', events: ['create', 'transition'] }, { entity: 'workorder', events: ['create', 'transition'] }] },
  { company: 'SUPP01', admin: 'supplier', host: 'erp.jinxiu-textile.example', name: '销售订单接口', path: '/inbound/orders', events: [{ entity: 'supplierorder', events: ['create', 'transition'] }] },
];

registerSeeder(async (db, { config, tenants, users }) => {
  for (const d of DEMO_PUSH) {
    const clientId = tenants[d.company];
    const userId = users[d.admin];
    if (!clientId || !userId) continue;
    await withTenant(db, clientId, async (tx) => {
      const exists = await sql<{ n: number }>`select count(*)::int as n from push_endpoint where client_id = ${clientId} and name = ${d.name}`.execute(tx);
      if (exists.rows[0].n > 0) return;
      await sql`insert into push_allowed_host (client_id, host, created_by) values (${clientId}, ${d.host}, ${userId}) on conflict (client_id, host) do nothing`.execute(tx);
      await sql`insert into push_endpoint (client_id, name, url, secret_sealed, events, enabled, created_by)
        values (${clientId}, ${d.name}, ${`https://${d.host}${d.path}`}, ${sealSecret(config.jwtSecret, newPushSecret())}, ${JSON.stringify(d.events)}::jsonb, false, ${userId})`.execute(tx);
    });
  }
});
