import { listViewCalls, type ListViewSave, type ListViewsOfPage } from '../../model/calls/list-views';
import type { ListView } from '../../model/list-views';
import { callApi, type CallBehaviour } from './calls';

/**
 * Saved views of a list (issue 32), typed: one function per declared call of
 * src/model/calls/list-views.ts. Errors are ApiErrors; the spec 8 reactions (a toast) run unless
 * `quiet` (the name dialog shows a refused name under its field instead).
 *
 * Example: `const { views, opening } = await listViewsApi.ofPage('customerorder');`
 */
export const listViewsApi = {
  ofPage: (page: string, behaviour?: CallBehaviour): Promise<ListViewsOfPage> => callApi(listViewCalls.ofPage, { page }, behaviour),
  save: (view: ListViewSave, behaviour?: CallBehaviour): Promise<ListView> => callApi(listViewCalls.save, view, behaviour),
  remove: (view: Pick<ListView, 'id' | 'version'>): Promise<{ id: number }> => callApi(listViewCalls.remove, { id: view.id, version: view.version }, { failure: 'delete' }),
  /** Quiet: remembering the last view is not worth a toast when it fails. */
  use: (page: string, viewId: number | null) => callApi(listViewCalls.use, { page, view_id: viewId }, { quiet: true }),
  myDefault: (page: string, viewId: number | null) => callApi(listViewCalls.myDefault, { page, view_id: viewId }),
  roleDefault: (page: string, role: string, viewId: number | null) => callApi(listViewCalls.roleDefault, { page, role, view_id: viewId }),
};
