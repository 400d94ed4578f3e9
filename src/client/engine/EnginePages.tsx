import { Button, makeStyles, Title3 } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { PageKind } from '../../model/page';
import { ListPage } from './ListPage';
import { DocumentPage, ViewPage } from './RecordPages';
import { resolvedPageOf } from '../api/resolved-page';

const useStyles = makeStyles({ missing: { padding: '48px', display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '12px' } });

/** Spec 8 "page does not exist": an `opt` no declaration answers. */
function MissingPage() {
  const s = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={s.missing} data-testid="engine-missing">
      <Title3 as="h1">{t('engine.pageNotFound')}</Title3>
      <Button onClick={() => navigate(-1)}>{t('engine.back')}</Button>
    </div>
  );
}

function usePage() {
  const { opt } = useParams();
  const resolved = resolvedPageOf(opt);
  const { i18n } = useTranslation();
  useEffect(() => {
    if (resolved) document.title = i18n.language === 'en' ? resolved.page.title.en : resolved.page.title.zh;
  }, [resolved, i18n.language]);
  return resolved;
}

/** List kinds: index, page, masterdetail, ectabindex (a page's own kind decides nothing here; the route does). */
export function EngineListRoute() {
  const resolved = usePage();
  return resolved ? <ListPage key={resolved.page.opt} resolved={resolved} /> : <MissingPage />;
}

export function EngineSubIndexRoute() {
  const resolved = usePage();
  return resolved ? <ListPage key={resolved.page.opt} resolved={resolved} subindex /> : <MissingPage />;
}

export function EngineViewRoute() {
  const resolved = usePage();
  return resolved ? <ViewPage key={resolved.page.opt} resolved={resolved} /> : <MissingPage />;
}

export function EngineDocumentRoute() {
  const resolved = usePage();
  return resolved ? <DocumentPage key={resolved.page.opt} resolved={resolved} /> : <MissingPage />;
}

export const LIST_KINDS: PageKind[] = ['index', 'page', 'masterdetail', 'ectabindex'];
