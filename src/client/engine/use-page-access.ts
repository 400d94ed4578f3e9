import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { pageCalls, type PageAccess } from '../../model/calls/pages';
import type { ResolvedPage } from '../../model/page-resolve';
import { ApiError } from '../api/client';
import { useCall } from '../api/calls';
import { resolvedPageOf } from '../api/resolved-page';
import { labelIn } from '../../model/label-text';

/** Where a generic page route stands: resolving, not declared, refused, failed, or the page to show. */
export type PageAccessState =
  | { state: 'loading' }
  | { state: 'missing'; opt: string | undefined }
  | { state: 'forbidden'; title: string }
  | { state: 'failed'; retry: () => void }
  | { state: 'ready'; resolved: ResolvedPage; access: PageAccess };

/**
 * The page of a generic route's `{opt}` (issue 35), asked of the server first
 * (`GET /api/model/pages/:opt/access`) so a page the user may not view shows the no-permission state
 * rather than an empty list with a refused call behind it. The browser resolves the same declaration
 * (grids/) to draw it. Quiet: the states below are the answer, not a toast.
 */
export function usePageAccess(): PageAccessState {
  const { opt } = useParams();
  const { i18n } = useTranslation();
  const resolved = resolvedPageOf(opt);
  const reply = useCall(pageCalls.access, resolved ? { opt: resolved.page.opt } : null, { quiet: true, revalidateOnFocus: false, shouldRetryOnError: false });
  const title = resolved ? labelIn(resolved.page.title, i18n.language) : '';
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  if (!resolved) return { state: 'missing', opt };
  const error = reply.error as unknown;
  if (error instanceof ApiError && error.status === 404) return { state: 'missing', opt };
  if (error instanceof ApiError && error.status === 403) return { state: 'forbidden', title };
  if (error) return { state: 'failed', retry: () => void reply.mutate() };
  if (!reply.data) return { state: 'loading' };
  return { state: 'ready', resolved, access: reply.data };
}
