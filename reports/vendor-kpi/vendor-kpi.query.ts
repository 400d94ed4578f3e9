import { sql } from 'kysely';
import { vendorKpiFigures, type ServerQuery } from '../../src/server/services/reports/query-kit';

/**
 * Vendor KPI (report `vendor-kpi`, reports/vendor-kpi): the vendors of the list's WHERE over
 * `md_vendor t` (tenant, data permissions, filters), each with its figures over the asked period
 * (`p.from`/`p.to`; all time without one) from its own company's purchase orders, inspections,
 * declared capacity and allocation cells (services/reports/vendor-kpi.ts, which the outsourced
 * orders' vendor proposal reads too). One row per vendor (a vendor without data has zeros).
 */
export const query: ServerQuery = async ({ tx, clientId, where, period }) => {
  const vendors = (await sql<{ id: number; vendor_type: string | null; grade: string | null }>`select t.id, t.vendor_type, t.grade from md_vendor t where ${where}`.execute(tx)).rows;
  if (!vendors.length) return [];
  const fig = await vendorKpiFigures(tx, clientId, vendors.map((v) => Number(v.id)), period ?? null);
  return vendors.map((v) => ({ vendor: Number(v.id), vendor_type: v.vendor_type, grade: v.grade, ...fig.get(Number(v.id))! }));
};
