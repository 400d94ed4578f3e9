import type { RouteObject } from 'react-router-dom';

const list = () => import('./StatementsPage');
const statement = () => import('./StatementPage');

/**
 * Finance reconciliation (issue 18): the statements list (the engine's list page of grids/finance with
 * a button that opens a statement) and the statement page. The static paths outrank the engine's
 * generic `/:cata/index/:opt` and `/:cata/page/:opt`.
 */
export const financeRoutes: RouteObject[] = [
  { path: 'fin/index/finstatement', lazy: async () => ({ Component: (await list()).StatementsPage }) },
  { path: 'fin/page/statement', handle: { titleKey: 'fin.page.title' }, lazy: async () => ({ Component: (await statement()).StatementPage }) },
];
