import { lazy, Suspense } from 'react';
import { registerDrawerExtension, type DrawerExtensionProps } from '../drawer-extensions';

const Panel = lazy(async () => ({ default: (await import('./AttachmentsPanel')).AttachmentsPanel }));

/** Issue 35: the drawer of a stored document whose entity declares `attachments: true` shows its attachments. */
registerDrawerExtension({
  applies: (r) => Boolean(r.entity.attachments),
  body: (props: DrawerExtensionProps) => (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  ),
});
