import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';

/** A page module as a route loads it: its exports by name. */
export type PageModule = Record<string, unknown>;

/**
 * A route's `lazy` that loads the page's module when the route first matches and takes its export
 * `name` as the route's component (the modules' routes and the engine's share it).
 *
 * Example: `{ path: 'collab/chat', ...lazyPage(() => import('./ChatPage'), 'ChatPage') }`.
 */
export function lazyPage(load: () => Promise<PageModule>, name: string): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const m = await load();
      return { Component: m[name] as ComponentType };
    },
  };
}
