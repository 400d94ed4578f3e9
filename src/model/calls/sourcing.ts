import type { DynamicFormDefinition } from '../dynamic-form';
import { getCall, postCall, uploadCall } from './call';

/**
 * Supplier sourcing (issue 16): sourcing's own calls beside the generic entity API of its entities,
 * served by src/server/services/sourcing/sourcing.routes.ts and called by src/client/pages/sourcing.
 */
type Row = Record<string, unknown>;

/** Another company's project open to the caller's (public or inviting it), with the caller's application if any. */
export type Opportunity = {
  id: number; code: string; name: string; src_type: string; description: string | null; deadline: string | null; priority: string | null; tags: string | null;
  contact_person: string | null; contact_phone: string | null; status: string; is_public: boolean; invited: boolean; buyer_name: string; items: number;
  application_id: number | null; application_no: string | null; application_status: string | null;
};

/** The access form's design as an application carries it. */
export type AccessSnapshot = { code: string; name: string; name_en: string | null; version: number; definition: DynamicFormDefinition };
export type AdmissionCert = { cert_type: string; cert_name: string; cert_no: string | null; valid_to: string; file_id: number | null; file_url?: string | null; file_name: string | null; mime: string | null; expired: boolean; expiring_days?: number | null };
export type Admission = {
  id: number; version: number; status: string; access_form: AccessSnapshot | null; access_data: Row | null; access_review: string | null; access_review_remark: string | null;
  access_reviewed_by: string | null; access_reviewed_at: string | null; today: string; certs: AdmissionCert[];
};

export type CompareCell = { quote_no: string; currency: string; unit_price: number; lead_time_days: number | null; converted: number | null; amount: number | null; best: boolean };
export type CompareSupplier = {
  record_id: number; supplier_name: string; status: string; awarded: boolean; weighted_score: number | null; rank_no: number | null; quoted: number; total: number | null; complete: boolean;
  cells: Record<string, CompareCell>;
};
export type CompareItemView = { id: number; name: string; qty: number | null; unit: string | null; expected_price: number | null; currency: string; best_price: number | null };
export type ProjectComparison = { project: Row; currency: string; items: CompareItemView[]; suppliers: CompareSupplier[]; missing_rates: string[] };

export type EvalItem = { id: number; category: string; item_name: string; item_type: string; weight: number; min_score: number; max_score: number; option_list: Array<{ name: string; score: number }> };
export type EvalSupplier = { record_id: number; supplier_name: string; my_scores: Record<string, number>; members_scored: number; weighted_score: number; rank_no: number | null; awarded: boolean };
export type Evaluation = { items: EvalItem[]; is_member: boolean; status: string; suppliers: EvalSupplier[] };
export type EvalTodo = { id: number; code: string; name: string; suppliers: number; pending: number; items: number };

export const sourcingCalls = {
  opportunities: getCall<void, { rows: Opportunity[] }>('/srmapi/sourcing/opportunities'),
  apply: postCall<{ project_id: number }, { id: number; app_no: string; message: string }>('/srmapi/sourcing/apply'),
  /** The supplier's answers to the access form of its draft application. */
  saveAccessForm: postCall<Row & { id: number; version: number }, Row>('/srmapi/sourcing/access-form/save'),
  admission: getCall<{ entity: 'srcapplication' | 'srcrecord'; id: number }, Admission>('/srmapi/sourcing/admission'),
  certFile: uploadCall<{ file: Blob }, { id: number; name: string; mime: string | null; url: string }>('/srmapi/sourcing/cert-file'),
  /** A vendor's account-opening permit image, set through the vendor's own save (the saved vendor back). */
  permit: uploadCall<{ id: number; version: number; file: Blob }, Row>('/srmapi/vendor-bank/permit/:id/:version'),
  compare: getCall<{ project_id: number }, ProjectComparison>('/srmapi/sourcing/compare'),
  /** The comparison as a workbook (downloaded, not read as an envelope). */
  compareExport: getCall<{ project_id: number }, Blob>('/srmapi/sourcing/compare/export'),
  evaluation: getCall<{ project_id: number }, Evaluation>('/srmapi/sourcing/evaluation'),
  evalTodo: getCall<void, { rows: EvalTodo[] }>('/srmapi/sourcing/eval-todo'),
  score: postCall<{ project_id: number; record_id: number; scores: Record<string, string | number> }, { scores: Record<string, number> }>('/srmapi/sourcing/score'),
};
