import { getCall, postCall } from './call';
import type { FinMatch, FinSide } from '../finance-match';

/**
 * Finance reconciliation (issue 18): the calls the statement page makes. The view and the actions
 * are the generic resource API of `finstatement`; the workbook is served by
 * src/server/services/finance/finance.routes.ts (a file reply, fetched with `downloadFile`).
 */
const BASE = '/finapi/finstatement';

/** One matched line of a statement as the view answers it. */
export type StatementLine = {
  seq: number; kind: string; doc_no: string; item: string; item_name: string | null; doc_currency: string; buyer_qty: number | null; buyer_amount: number | null;
  seller_qty: number | null; seller_amount: number | null; rate: number; buyer_amount_stmt: number | null; seller_amount_stmt: number | null; diff_qty: number; diff_amount: number;
  match: FinMatch; explained: boolean; note: string | null; added_by: FinSide | null;
};

/** An invoice (recorded by the seller) or a payment (by the buyer) against a locked statement. */
export type StatementSettlement = {
  seq: number; kind: 'invoice' | 'payment'; doc_no: string; doc_date: string; amount: number; recorded_side: FinSide; recorded_by: string | null; remark: string | null;
};

/** A statement (the caller's copy) with its lines and, once locked, its invoices and payments. */
export type Statement = Record<string, unknown> & {
  id: number; version: number; stmt_no: string; status: string; side: FinSide; currency: string; lines: StatementLine[]; settlements?: StatementSettlement[];
};

/** The statement actions the page runs (send, rematch, adjust, confirm; invoice and pay once locked) with their parameters. */
export type StatementAction = { action: 'send' | 'rematch' | 'adjust' | 'confirm' | 'invoice' | 'pay'; ids: number[]; version: number } & Record<string, unknown>;

export const financeCalls = {
  view: getCall<{ id: number }, Statement>(`${BASE}/view`),
  action: postCall<StatementAction, { rows: Array<Record<string, unknown>> }>(`${BASE}/action/:action`),
  /** The statement as .xlsx (the reply is the file). */
  workbook: getCall<{ id: number }, Blob>(`${BASE}/workbook`),
};
