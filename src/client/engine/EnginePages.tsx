import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { PageKind } from '../../model/page';
import { ListPage } from './ListPage';
import { DocumentPage, ViewPage } from './RecordPages';
import { LabelsPage } from './LabelsPage';
import { MissingPage } from './PageStates';
import { resolvedPageOf } from '../api/resolved-page';
import { labelIn } from '../../model/label-text';

function usePage() {
  const { opt } = useParams();
  const resolved = resolvedPageOf(opt);
  const { i18n } = useTranslation();
  useEffect(() => {
    if (resolved) document.title = labelIn(resolved.page.title, i18n.language);
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

/** A page's rows as printed labels (`PageDef.labels`); a page without labels is missing here. */
export function EngineLabelsRoute() {
  const resolved = usePage();
  return resolved?.page.labels ? <LabelsPage key={resolved.page.opt} resolved={resolved} /> : <MissingPage />;
}

/** A declared list by its key at a module's own path (a menu entry's `/approvals/todo`, see `declaredListPage`), with the list's test id. */
export function DeclaredList({ opt, testId }: { opt: string; testId?: string }) {
  const resolved = resolvedPageOf(opt);
  return resolved ? <ListPage key={opt} resolved={resolved} slots={{ testId }} /> : <MissingPage opt={opt} />;
}

export const LIST_KINDS: PageKind[] = ['index', 'page', 'masterdetail', 'ectabindex'];
