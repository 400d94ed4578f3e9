import { Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { resolveGenericPage } from '../../model/generic-routes';
import { ListPage } from './ListPage';
import { DocumentWithoutRecord, FailedPage, ForbiddenPage, MissingPage } from './PageStates';
import { DocumentPage } from './RecordPages';
import { usePageAccess, type PageAccessState } from './use-page-access';
import { labelIn } from '../../model/label-text';

/** The states every generic route shares before its page shows. */
function NotReady({ access }: { access: Exclude<PageAccessState, { state: 'ready' }> }) {
  const { t } = useTranslation();
  switch (access.state) {
    case 'missing':
      return <MissingPage opt={access.opt} />;
    case 'forbidden':
      return <ForbiddenPage title={access.title} />;
    case 'failed':
      return <FailedPage onRetry={access.retry} />;
    default:
      return <Spinner style={{ padding: 48 }} label={t('engine.loading')} />;
  }
}

/**
 * `/{cata}/ecindex/{opt}`, `/zp/{cata}/index/{opt}`, `/zp/{cata}/page/{opt}` (issue 35): the
 * declared page's list, whatever its own kind, once the server confirmed the user may view it.
 */
export function GenericListRoute() {
  const access = usePageAccess();
  if (access.state !== 'ready') return <NotReady access={access} />;
  return <ListPage key={access.resolved.page.opt} resolved={access.resolved} />;
}

/** `/zp/{cata}/document/{opt}?id=` (issue 35): one record of the page as its printable document. */
export function GenericDocumentRoute() {
  const access = usePageAccess();
  const { i18n } = useTranslation();
  const [search] = useSearchParams();
  if (access.state !== 'ready') return <NotReady access={access} />;
  const r = resolveGenericPage(access.resolved.page.opt, 'document', search.get('id'), () => access.resolved.page);
  if (!r.found || r.recordId === null) {
    const title = labelIn(access.resolved.page.title, i18n.language);
    return <DocumentWithoutRecord title={title} listRoute={access.access.route} />;
  }
  return <DocumentPage key={access.resolved.page.opt} resolved={access.resolved} />;
}
