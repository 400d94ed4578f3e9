import { Navigate, useSearchParams, type RouteObject } from 'react-router-dom';

const list = () => import('./StatementsPage');

/** The statement's former page (links in notices already sent): the list with its drawer open. */
function StatementLink() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return <Navigate replace to={id > 0 ? `/fin/index/finstatement?open=${id}` : '/fin/index/finstatement'} />;
}

/**
 * Finance reconciliation (issue 18): the statements list with the statement in its drawer. The static
 * path outranks the engine's generic `/:cata/index/:opt`.
 */
export const financeRoutes: RouteObject[] = [
  { path: 'fin/index/finstatement', lazy: async () => ({ Component: (await list()).StatementsPage }) },
  { path: 'fin/page/statement', Component: StatementLink },
];
