import { getCall, uploadCall } from './call';

/**
 * Quality inspection (issue 18): the inspection station's and the brand's calls, served by
 * src/server/services/quality/quality.routes.ts and called by src/client/pages/quality. Inspection
 * records themselves are saved, submitted and re-inspected through the generic entity API.
 */
const BASE = '/scmapi/inspection';

export type Severity = 'critical' | 'major' | 'minor';
export type StationDefect = { id: number; code: string; name: string; name_en: string | null; category: string; severity: Severity };
export type StationOrder = { id: number; order_no: string; brand_name: string | null; style_no: string | null; total_qty: number };
export type RecentInspection = {
  id: number; insp_no: string; stage: string; status: string; result: string | null; sample_size: number; critical_qty: number; major_qty: number; minor_qty: number; order_no: string | null;
};
export type StationSetup = { defects: StationDefect[]; orders: StationOrder[]; recent: RecentInspection[] };
/** The inspection plan that applies to a stage and order (level and AQL fixed by it). */
export type AppliedInspectionPlan = { id: number; code: string; name: string; level: string; aql: string; required: boolean };
export type BrandInspectionResult = {
  insp_no: string; pr_no: string; order_no: string; maker_name: string; stage: string; lot_size: number; level: string; aql: string; code_letter: string;
  sample_size: number; ac: number; re: number; critical_qty: number; major_qty: number; minor_qty: number; result: 'pass' | 'fail'; status: string;
  inspected_at: string | null; reinspect_of_no: string | null;
};

export const qualityCalls = {
  stationSetup: getCall<void, StationSetup>(`${BASE}/station-setup`),
  planFor: getCall<{ stage: string; order_id?: number | string; workorder_id?: number }, { plan: AppliedInspectionPlan | null }>(`${BASE}/plan-for`),
  photo: uploadCall<{ file: Blob }, { id: number; url: string }>(`${BASE}/photo`),
  brandResults: getCall<void, { rows: BrandInspectionResult[] }>(`${BASE}/brand-results`),
};
