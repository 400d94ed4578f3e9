import type { Label } from '../entity';
import type { PageKind } from '../page';
import { getCall } from './call';

/**
 * Resolving a page key for the generic page routes (issue 35: `/{cata}/ecindex/{opt}`,
 * `/zp/{cata}/index|page|document/{opt}`), served by src/server/resources/page-access.ts and read by
 * src/client/engine/use-page-access.ts. A key no page declares is 404 (`msg.pageNotExist`); a page
 * whose menu code the caller may not view is 403, as its list's own data calls would answer.
 */
export type PageVerbs = { view: boolean; create: boolean; edit: boolean; delete: boolean; import: boolean; export: boolean };

export type PageAccess = {
  opt: string;
  cata: string;
  kind: PageKind;
  entity: string;
  menuCode: string;
  title: Label;
  /** The page's own route (`/{cata}/{kind}/{opt}`). */
  route: string;
  /** What the caller may do on the page's menu code (and its entity's, when they differ). */
  verbs: PageVerbs;
};

export const pageCalls = {
  access: getCall<{ opt: string }, PageAccess>('/model/pages/:opt/access'),
};
