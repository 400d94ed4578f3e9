import { Spinner } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { ResolvedPage } from '../../../model/page-resolve';
import { ListPage } from '../../engine/ListPage';
import { resolvedPageOf } from '../../api/resolved-page';
import { access } from '../../session/access-state';

/**
 * "My sourcing projects" (spec 2 "sourcing requests: my"): the generic project list opened as a
 * sub-index fixed to the signed-in user as applicant (`?applicant_id=<user>`), so the declaration of
 * grids/sourcing drives columns, tabs, form and actions as on the other project lists.
 */
export function MyProjectsPage() {
  const resolved = resolvedPageOf('srcproject_my') as ResolvedPage;
  const { id } = useSnapshot(access);
  const [params, setParams] = useSearchParams();
  const mine = id ? String(id) : null;
  useEffect(() => {
    if (mine && params.get('applicant_id') !== mine) setParams({ applicant_id: mine }, { replace: true });
  }, [mine, params, setParams]);
  if (!mine || params.get('applicant_id') !== mine) return <Spinner />;
  return <ListPage key={mine} resolved={resolved} subindex />;
}
