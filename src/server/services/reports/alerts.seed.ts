import { registerSeeder } from '../../db/seed';
import { evaluateAlerts } from './alerts.service';
import { seedDemoRecordsOnce } from './demo-records.seed-util';

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
  async (db, ids) => {
    const demos = DEMO.map((d) => ({ company: d.company, owner: d.owner, rows: d.alerts.map((a) => ({ recipient_users: [ids.users[d.owner]], enabled: true, days: null, ...a })) }));
    const written = new Set(await seedDemoRecordsOnce(db, ids, 'rptalert', 'rpt_alert', demos));
    // Each new company's alerts measured once (their state set, nobody told), as a save does.
    for (const demo of DEMO) if (written.has(ids.tenants[demo.company])) await evaluateAlerts(db, ids.tenants[demo.company], [...new Set(demo.alerts.map((a) => String(a.report)))]);
  },
  { exchange: true },
);
