import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { registerDrawerExtension, type DrawerExtensionProps } from '../../form/drawer-extensions';
import { lazyPage } from '../../engine/lazy-page';

const drawer = () => import('./ApprovalDrawer');
/** A drawer part loaded when a drawer first shows it (the diagram brings ECharts). */
function deferred(name: 'ApprovalDrawerFooter' | 'ApprovalDrawerBody' | 'ProcessDefDiagram'): ComponentType<DrawerExtensionProps> {
  const Part = lazy(async () => ({ default: (await drawer())[name] }));
  return (props) => (
    <Suspense fallback={null}>
      <Part {...props} />
    </Suspense>
  );
}

// Issue 14: every drawer of a document approved through a flow offers its approval buttons and shows
// its flow; a process definition's drawer shows its diagram.
registerDrawerExtension({
  applies: (r) => Boolean(r.entity.approval),
  footer: deferred('ApprovalDrawerFooter'),
  body: deferred('ApprovalDrawerBody'),
  // While the flow runs the fields are read-only, unless the current node allows edits (as the writer decides).
  readOnly: (record) => record.approval_status === 'running' && record.approval_editable !== true,
});
registerDrawerExtension({ applies: (r) => r.entity.name === 'processdef', body: deferred('ProcessDefDiagram') });

const DesignFormButton = lazy(async () => ({ default: (await import('./DynamicFormDrawer')).DesignFormButton }));
// A stored dynamic form's drawer opens its designer.
registerDrawerExtension({
  applies: (r) => r.entity.name === 'dynform',
  footer: (props) => (
    <Suspense fallback={null}>
      <DesignFormButton {...props} />
    </Suspense>
  ),
});

const ScenarioParts = () => import('./ScenarioParts');
const FillScenarioButton = lazy(async () => ({ default: (await ScenarioParts()).FillScenarioButton }));
const ProjectTypeScenario = lazy(async () => ({ default: (await ScenarioParts()).ProjectTypeScenario }));
// A form scenario's drawer opens its records; a project type's says which form its projects fill in (cpm-ot/scenario).
registerDrawerExtension({
  applies: (r) => r.entity.name === 'formscenario',
  footer: (props) => (
    <Suspense fallback={null}>
      <FillScenarioButton {...props} />
    </Suspense>
  ),
});
registerDrawerExtension({
  applies: (r) => r.entity.name === 'admin_project_type',
  body: (props) => (
    <Suspense fallback={null}>
      <ProjectTypeScenario {...props} />
    </Suspense>
  ),
});

/** The approval to-do list, the form designer and the dynamic forms (issue 14). */
export const approvalRoutes: RouteObject[] = [
  { path: 'approvals/todo', handle: { titleKey: 'wf.todo.title' }, ...lazyPage(() => import('./MyApprovalsPage'), 'MyApprovalsPage') },
  // Dynamic forms: the designer, the forms to fill in, one form's filled records.
  { path: 'approvals/formdesigner', handle: { titleKey: 'dyn.designer.title' }, ...lazyPage(() => import('./FormDesignerPage'), 'FormDesignerPage') },
  { path: 'approvals/forms', handle: { titleKey: 'dyn.forms.title' }, ...lazyPage(() => import('./DynamicFormPages'), 'DynamicFormsPage') },
  { path: 'approvals/forms/:code', ...lazyPage(() => import('./DynamicFormPages'), 'DynamicFormRecordsPage') },
  // A form scenario's records: the scenario names the form (spec 7 cpm-ot/scenario).
  { path: 'approvals/scenario/:code', handle: { titleKey: 'wf.scenario.fill' }, ...lazyPage(() => import('./DynamicFormPages'), 'ScenarioFormPage') },
];
