import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { registerDrawerExtension, type DrawerExtensionProps } from '../../form/drawer-extensions';
import { MY_SOURCING_PATH, SOURCING_COMPARE_PATH, SOURCING_EVAL_TODO_PATH, SOURCING_OPPORTUNITY_PATH } from '../../../../grids/sourcing/menu';
import { lazyPage } from '../../engine/lazy-page';

type PanelName = 'ApplicationAdmissionPanel' | 'RecordAdmissionPanel' | 'VendorBankPanel' | 'VendorKpiButton';
/** A drawer part loaded when a drawer first shows it (it brings the form engine's dynamic pages). */
function deferred(name: PanelName): ComponentType<DrawerExtensionProps> {
  const Part = lazy(async () => ({ default: (await import('./AdmissionPanels'))[name] }));
  return (props) => (
    <Suspense fallback={null}>
      <Part {...props} />
    </Suspense>
  );
}

// Issue 16: supplier admission in the application's and the record's drawers (access form,
// certificates, review); vendor settings in every vendor drawer (bank data beside the permit
// image, the check) with the way to the vendor's KPI page.
registerDrawerExtension({ applies: (r) => r.entity.name === 'srcapplication', body: deferred('ApplicationAdmissionPanel') });
registerDrawerExtension({ applies: (r) => r.entity.name === 'srcrecord', body: deferred('RecordAdmissionPanel') });
registerDrawerExtension({ applies: (r) => r.entity.name === 'vendor', body: deferred('VendorBankPanel'), footer: deferred('VendorKpiButton') });

/**
 * Supplier sourcing's hand-made screens (issue 16): the buyer's comparison and evaluation of a
 * project, the supplier's project opportunities, and the buyer's own projects. The lists (projects, items, records, schemes,
 * applications, quotations) are the engine's generic pages of grids/sourcing.
 */
export const sourcingRoutes: RouteObject[] = [
  { path: SOURCING_COMPARE_PATH.slice(1), ...lazyPage(() => import('./SourcingComparePage'), 'SourcingComparePage') },
  { path: SOURCING_OPPORTUNITY_PATH.slice(1), ...lazyPage(() => import('./OpportunityPage'), 'OpportunityPage') },
  { path: SOURCING_EVAL_TODO_PATH.slice(1), ...lazyPage(() => import('./EvalTodoPage'), 'EvalTodoPage') },
  { path: MY_SOURCING_PATH.slice(1), ...lazyPage(() => import('./MyProjectsPage'), 'MyProjectsPage') },
];
