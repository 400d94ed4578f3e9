// Types only: the router imports the table, and the router is in the first visit's chunks (B7).
import type { PageDef } from './page';

/**
 * The generic page routes of spec 2 that render any declared page by its key (issue 35), and the
 * shape each gives it: `list` is the page's list (rows open in its form drawer, `?open=<id>`),
 * `document` the printable document of one record (`?id=`). The `{cata}` segment is not checked: a
 * page is found by its key alone, as on its own route (`/{cata}/{kind}/{opt}`).
 */
export type GenericShape = 'list' | 'document';

export const GENERIC_PAGE_ROUTES: ReadonlyArray<{ path: string; shape: GenericShape }> = [
  { path: ':cata/ecindex/:opt', shape: 'list' },
  { path: 'zp/:cata/index/:opt', shape: 'list' },
  { path: 'zp/:cata/page/:opt', shape: 'list' },
  { path: 'zp/:cata/document/:opt', shape: 'document' },
];

export type GenericResolution = { found: false } | { found: true; page: PageDef; shape: GenericShape; recordId: number | null };

/**
 * What a generic route shows for a key and the address's `?id=`: the declared page in the route's
 * shape, or not found (`lookup` is `getPage`, or the page already resolved). A record id is a positive whole number; anything else is no id.
 */
export function resolveGenericPage(opt: string | undefined, shape: GenericShape, id: string | null, lookup: (opt: string) => PageDef | undefined): GenericResolution {
  const page = opt ? lookup(opt) : undefined;
  if (!page) return { found: false };
  const recordId = id !== null && /^[1-9]\d{0,15}$/.test(id) ? Number(id) : null;
  return { found: true, page, shape, recordId };
}
