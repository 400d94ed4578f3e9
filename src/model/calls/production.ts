import type { ProgressCell } from '../size-progress';
import { getCall, postCall } from './call';

/**
 * Production execution (issue 12): the scan station's calls,
 * served by src/server/services/production/production.routes.ts and called by
 * src/client/pages/production. Work orders themselves are a registry entity: their list, release,
 * report and bundles (分扎) are its declared transitions on the generic entity API.
 */
const BASE = '/scmapi/workorder';

export type ScanDirection = 'in' | 'out';
export type ScanStation = { id: number; code: string; name: string; sequence: number; force_in_scan: boolean; force_out_scan: boolean };
/** One of the latest scans, with what its undo (the line transition `wo_scan.undo`) needs: its version and its work order's state. */
export type RecentScan = { id: number; version: number; wo_status: string; bundle_no: string; process: string; direction: ScanDirection; qty: number; scanned_at: string; scanned_by: string | null };
export type ScanSetup = { processes: ScanStation[]; recent: RecentScan[] };
export type ScanInput = { barcode: string; process_id: number; direction: ScanDirection };
export type ScanResult = {
  key: 'wo.scan.okIn' | 'wo.scan.okOut';
  params: Record<string, string | number>;
  scan_id: number;
  bundle: { id: number; bundle_no: string; colour: string; size: string; qty: number };
  work_order: { id: number; wo_no: string; done_qty: number; qty: number; status: string };
};
/** A scan taken back (the data of `wo_scan`'s line transition `undo`): what was undone and the work order as it now stands. */
export type ScanUndoResult = {
  scan_id: number;
  params: { barcode: string; process: string; qty: number; reason: string; done: number; ordered: number; direction: string };
  work_order: { id: number; wo_no: string; done_qty: number; qty: number; status: string };
};
/** A work order's progress per colour x size (src/model/size-progress.ts): the data of its transition `report_part`. */
export type WorkOrderProgress = { id: number; version: number; wo_no: string; process: string; status: string; qty: number; done_qty: number; cells: ProgressCell[] };

export const productionCalls = {
  scanSetup: getCall<void, ScanSetup>(`${BASE}/scan-setup`),
  /** One scan: accepted (recorded, with the message to show) or refused (409 / 404 with the reason). */
  scan: postCall<ScanInput, ScanResult & { message: string }>(`${BASE}/scan`),
};
