/**
 * Warming a route's code before navigating to it (B7, issue 21). The router registers how to find
 * a path's code-split modules; the login page asks for the page it will open after sign-in while
 * the user types, so the shell, the page and their shared chunks are fetched and evaluated during
 * the typing instead of after the login reply. The login page itself still loads only its own
 * chunks (this starts on the first keystroke, not on load).
 */
let prefetcher: ((path: string) => void) | null = null;
const warmed = new Set<string>();

/** Called once by the router: how to load the modules of the routes a path matches. */
export function setRoutePrefetcher(load: (path: string) => void): void {
  prefetcher = load;
}

/** Loads (once per path) the code-split modules of the routes that `path` matches; never throws. */
export function prefetchRoute(path: string): void {
  if (!prefetcher || warmed.has(path)) return;
  warmed.add(path);
  try {
    prefetcher(path);
  } catch {
    // A failed warm-up costs nothing: the navigation loads the modules as usual.
  }
}
