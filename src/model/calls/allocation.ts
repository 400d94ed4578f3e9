import { getCall } from './call';
import { is } from './input-shape';

/**
 * Demand allocation (issue 6): the workbench's read of one version, served by
 * src/server/services/allocation/allocation.routes.ts and called by src/client/pages/allocation.
 * The version's own saves and actions (suggest, save-cells, publish, copy) go through the generic
 * entity API of `allocationversion`.
 */
export type WorkbenchVendor = { id: number; code: string | null; name: string; grade: string | null; kpi: number; shareMax: number | null; shareTarget: number | null };
export type WorkbenchLine = { id: number; year: number | null; season: string | null; month: string; series: string | null; category: string; plan_sku: string | null; plan_qty: number; plan_amount: number | null };
export type WorkbenchCell = { lineId: number; vendorId: number; cycle: string; qty: number; locked: boolean; source: string | null };
export type Workbench = {
  version: Record<string, unknown>;
  cycles: string[];
  lines: WorkbenchLine[];
  vendors: WorkbenchVendor[];
  groups: Array<{ id: number; code: string; name: string; categories: string[] }>;
  capacity: Array<{ vendorId: number; groupId: number; cycle: string; capacity: number }>;
  cells: WorkbenchCell[];
};

export const allocationCalls = {
  /** One version's demand lines, vendors, capacity groups, capacity per vendor x group x month and cells. */
  workbench: getCall<{ id: number }, Workbench>('/scmapi/allocationversion/workbench', { input: is.object({ id: is.queryId }) }),
};
