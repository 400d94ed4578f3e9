import { getCall } from './call';

/**
 * Finance reconciliation (issue 18): the one call of its own. A statement is read and acted on
 * through the generic resource API of `finstatement` (the engine's list and drawer); its workbook is
 * served by src/server/services/finance/finance.routes.ts (a file reply, fetched with `downloadFile`).
 */
export const financeCalls = {
  /** The statement as .xlsx (the reply is the file). */
  workbook: getCall<{ id: number }, Blob>('/finapi/finstatement/workbook'),
};
