import type { Label } from './entity';
import { SCREEN_HELP } from './help-docs';

/**
 * A screen's help document (spec 8 "No help doc for current page"): its title and its text in
 * markdown, in both languages. The shell's help button shows the document of the screen in view,
 * or says that the screen has none.
 */
export type HelpDoc = { title: Label; body: Label };

const DOCS = new Map<string, HelpDoc>();

function segments(path: string): string[] {
  return path.split('?')[0].split('/').filter(Boolean);
}

/**
 * Declares the help of the screens at `path`, a route pattern (`:name` stands for one segment).
 * A list page declares its own through its declaration's `help` (definePage); hand-made screens
 * are listed in help-docs.ts.
 *
 * Example: `defineHelp('/admin/page/apikeys', { title, body: { zh: '...', en: '...' } })`.
 */
export function defineHelp(path: string, doc: HelpDoc): void {
  const key = '/' + segments(path).join('/');
  if (DOCS.has(key)) throw new Error(`help for "${key}" is declared twice`);
  DOCS.set(key, doc);
}

/** Whether a route pattern answers a path: same length, each literal segment equal (case aside). */
function matches(pattern: string, path: string[]): boolean {
  const p = segments(pattern);
  return p.length === path.length && p.every((seg, i) => seg.startsWith(':') || seg.toLowerCase() === path[i].toLowerCase());
}

/** The help of the screen at `pathname` (the pattern with the fewest `:name` segments wins); null when it has none. */
export function helpFor(pathname: string): HelpDoc | null {
  const path = segments(pathname);
  let best: { doc: HelpDoc; params: number } | null = null;
  for (const [pattern, doc] of DOCS) {
    if (!matches(pattern, path)) continue;
    const params = segments(pattern).filter((s) => s.startsWith(':')).length;
    if (!best || params < best.params) best = { doc, params };
  }
  return best?.doc ?? null;
}

/** The paths that have a help document (for tests). */
export function helpPaths(): string[] {
  return [...DOCS.keys()];
}

for (const { path, doc } of SCREEN_HELP) defineHelp(path, doc);
