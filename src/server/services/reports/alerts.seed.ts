import { sql } from 'kysely';
import { registerSeeder } from '../../db/seed';
import { withTenant } from '../../kernel/rls';
import { insertRecords, serviceWrite } from '../../resources/record-writer';
import { evaluateAlerts } from './alerts.service';

/**
 * Demo figure alerts (issue 34) the three companies' managers would set: the maker watches its open
 * orders late by more than three days (told to its planners too) and its open exception tickets; the
 * brand the purchase orders in flight (a change of five) and its open exceptions; the supplier its
 * orders not shipped and late. Each is measured once at the end (its state set, nobody told), as a
 * save does. Idempotent: nothing for a company that has alerts.
 */
type Demo = { company: string; owner: string; alerts: Array<Record<string, unknown>> };
const DEMO: Demo[] = [
  {
    company: 'MAKER01',
    owner: 'maker',
    alerts: [
      { name: '逾期超过3天的未完成订单', report: 'on-time-delivery', measure: 'late_open', filters: {}, condition: 'late_by', days: 3, threshold: 0, recipient_roles: ['clientadmin', 'planner'] },
      { name: '未关闭异常超过5单', report: 'open-exceptions', measure: 'tickets', filters: {}, condition: 'above', threshold: 5, recipient_roles: ['clientadmin'] },
    ],
  },
  {
    company: 'BRAND01',
    owner: 'brand',
    alerts: [
      { name: '在途采购单增减5单', report: 'purchase-spend', measure: 'orders', filters: { 'f.status.in': 'sent,manual,confirmed,dispatched' }, condition: 'changed_by', threshold: 5, recipient_roles: ['clientadmin', 'common'] },
      { name: '未关闭异常超过3单', report: 'open-exceptions', measure: 'tickets', filters: {}, condition: 'above', threshold: 3, recipient_roles: ['clientadmin'] },
    ],
  },
  {
    company: 'SUPP01',
    owner: 'supplier',
    alerts: [{ name: '逾期未发货订单', report: 'supplier-dispatch', measure: 'late_open', filters: {}, condition: 'late_by', days: 0, threshold: 0, recipient_roles: ['clientadmin', 'common'] }],
  },
];

registerSeeder(
  async (db, { tenants, users }) => {
    for (const demo of DEMO) {
      const clientId = tenants[demo.company];
      const owner = users[demo.owner];
      if (!clientId || !owner) continue;
      const made = await withTenant(db, clientId, async (tx) => {
        const had = await sql<{ n: number }>`select count(*)::int as n from rpt_alert where client_id = ${clientId}`.execute(tx);
        if (had.rows[0].n > 0) return false;
        const w = serviceWrite(tx, { clientId, userId: owner, username: demo.owner }, 'seed');
        await insertRecords(w, 'rptalert', demo.alerts.map((a) => ({ recipient_users: [owner], enabled: true, days: null, ...a })));
        return true;
      });
      if (made) await evaluateAlerts(db, clientId, [...new Set(demo.alerts.map((a) => String(a.report)))]);
    }
  },
  { exchange: true },
);
