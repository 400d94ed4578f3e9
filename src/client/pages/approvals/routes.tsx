import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { registerDrawerExtension, type DrawerExtensionProps } from '../../form/drawer-extensions';
import { lazyPage } from '../../engine/lazy-page';

/** A drawer part loaded when a drawer first shows it (the diagram brings ECharts). */
function deferred<M, K extends keyof M>(load: () => Promise<M>, name: K): ComponentType<DrawerExtensionProps> {
  const Part = lazy(async () => ({ default: (await load())[name] as ComponentType<DrawerExtensionProps> }));
  return (props) => (
    <Suspense fallback={null}>
      <Part {...props} />
    </Suspense>
  );
}
const drawer = () => import('./ApprovalDrawer');

// Issue 14: every drawer of a document approved through a flow offers its approval buttons and shows
// its flow; a process definition's drawer shows its diagram.
registerDrawerExtension({
  applies: (r) => Boolean(r.entity.approval),
  footer: deferred(drawer, 'ApprovalDrawerFooter'),
  body: deferred(drawer, 'ApprovalDrawerBody'),
  // While the flow runs the fields are read-only, unless the current node allows edits (as the writer decides).
  readOnly: (record) => record.approval_status === 'running' && record.approval_editable !== true,
});
registerDrawerExtension({ applies: (r) => r.entity.name === 'processdef', body: deferred(drawer, 'ProcessDefDiagram') });
// A task of 我的审批: its document's figures and lines, the flow and its history under the task.
registerDrawerExtension({ applies: (r) => r.entity.name === 'wftask', body: deferred(() => import('./TaskDrawer'), 'TaskFlowBody') });
// A project type's drawer says which form its projects fill in (cpm-ot/scenario); the designer and a
// scenario's records are links the pages declare (grids/approvals/dynform.grid.ts).
registerDrawerExtension({ applies: (r) => r.entity.name === 'admin_project_type', body: deferred(() => import('./ScenarioParts'), 'ProjectTypeScenario') });

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
