import { getCall } from './call';

/**
 * Outsourced orders (issue 35): the vendors proposed for an order, ranked by their free capacity in the
 * order's window and their KPI, each with its reasons (catalogue keys with parameters, worded by the
 * screen). Served by src/server/services/outsource/outsource.routes.ts.
 */
export type ProposalReason = { key: string; params?: Record<string, string | number> };

export type VendorProposal = {
  rank: number;
  vendor_id: number;
  code: string;
  name: string;
  vendor_type: string | null;
  /** On the platform (the order is sent to its company) or tracked by hand. */
  on_platform: boolean;
  /** Declared capacity in the window (pieces), null when it declared none there. */
  capacity: number | null;
  /** Pieces of its other open outsourced orders falling in the window. */
  load: number;
  /** capacity - load (null without declared capacity). */
  free: number | null;
  fits: boolean | null;
  /** 0..100 from its on-time and quality record over the last twelve months; null without any. */
  score: number | null;
  on_time_rate: number | null;
  pass_rate: number | null;
  /** Outsourced orders of the same process it took before (not cancelled). */
  same_process: number;
  current: boolean;
  reasons: ProposalReason[];
};

export type VendorProposalReply = {
  order: { id: number; os_no: string; process: string; qty: number; from: string; to: string; vendor_id: number | null };
  /** The KPI's period: the twelve months up to today. */
  kpi_period: { from: string; to: string };
  rows: VendorProposal[];
};

export const outsourceCalls = {
  proposals: getCall<{ id: number }, VendorProposalReply>('/scmapi/outsourceorder/vendor-proposals'),
};
