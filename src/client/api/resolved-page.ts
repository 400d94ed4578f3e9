import '../../../grids';
import { companyDictionaryGeneration } from '../../model/dictionaries';
import { getEntity } from '../../model/entity';
import { getPage } from '../../model/page';
import { resolvePage, type ResolvedPage } from '../../model/page-resolve';

/**
 * Resolves a page declaration by its `opt` (the browser holds the same registry as the server,
 * imported from grids/). Cached: a resolution is pure and declarations do not change at runtime.
 */
const CACHE = new Map<string, ResolvedPage | null>();
/** The company dictionary items the cache was resolved with: new items resolve the pages again. */
let cachedGeneration = companyDictionaryGeneration();

export function resolvedPageOf(opt: string | undefined): ResolvedPage | null {
  if (!opt) return null;
  if (cachedGeneration !== companyDictionaryGeneration()) {
    CACHE.clear();
    cachedGeneration = companyDictionaryGeneration();
  }
  if (!CACHE.has(opt)) {
    const page = getPage(opt);
    CACHE.set(opt, page ? resolvePage(page) : null);
  }
  return CACHE.get(opt) ?? null;
}

/** The API base of an entity (for reference pickers), or null when it has no resource API. */
export function apiBaseOf(entityName: string): string | null {
  const e = getEntity(entityName);
  return e && !e.childOnly ? `/api/${e.prefix}/${e.name}` : null;
}
