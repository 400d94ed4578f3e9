import { lazy, Suspense, type ComponentType } from 'react';
import type { DrawerExtensionProps } from './drawer-extensions';

/**
 * A drawer part whose module loads when a drawer first shows it (a timeline, a diagram), so the
 * module's weight stays out of every list's chunk.
 *
 * Example: `registerDrawerExtension({ applies, body: deferredPart(() => import('./OrderTimelines'), 'MakerOrderTimeline') })`.
 */
export function deferredPart<M, K extends keyof M>(load: () => Promise<M>, name: K): ComponentType<DrawerExtensionProps> {
  const Part = lazy(async () => ({ default: (await load())[name] as ComponentType<DrawerExtensionProps> }));
  return function DeferredPart(props) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  };
}
