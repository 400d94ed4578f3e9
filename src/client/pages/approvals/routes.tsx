import type { RouteObject } from 'react-router-dom';
import { deferredPart } from '../../form/deferred-part';
import { registerDrawerExtension } from '../../form/drawer-extensions';
import { lazyPage } from '../../engine/lazy-page';
import { declaredListPage } from '../../engine/routes';

const drawer = () => import('./ApprovalDrawer');

// Issue 14: every drawer of a document approved through a flow offers its approval buttons and shows
// its flow; a process definition's drawer shows its diagram.
registerDrawerExtension({
  applies: (r) => Boolean(r.entity.approval),
  footer: deferredPart(drawer, 'ApprovalDrawerFooter'),
  body: deferredPart(drawer, 'ApprovalDrawerBody'),
  // While the flow runs the fields are read-only, unless the current node allows edits (as the writer decides).
  readOnly: (record) => record.approval_status === 'running' && record.approval_editable !== true,
});
registerDrawerExtension({ applies: (r) => r.entity.name === 'processdef', body: deferredPart(drawer, 'ProcessDefDiagram') });
// A task of 我的审批: its document's figures and lines, the flow and its history under the task; the
// decisions the server allows in its footer (a decision takes the task out of the waiting tab).
const task = () => import('./TaskDrawer');
registerDrawerExtension({ applies: (r) => r.entity.name === 'wftask', body: deferredPart(task, 'TaskFlowBody'), footer: deferredPart(task, 'TaskDecisions') });
// A project type's drawer says which form its projects fill in (cpm-ot/scenario); the designer and a
// scenario's records are links the pages declare (grids/approvals/dynform.grid.ts).
registerDrawerExtension({ applies: (r) => r.entity.name === 'admin_project_type', body: deferredPart(() => import('./ScenarioParts'), 'ProjectTypeScenario') });

/** The approval to-do list, the form designer and the dynamic forms (issue 14). */
export const approvalRoutes: RouteObject[] = [
  // 我的审批 and the forms to fill in: the declared lists grids/approvals/wftodo.grid.ts and dynforms.grid.ts.
  { path: 'approvals/todo', ...declaredListPage('wftodo', 'wf-todo') },
  // Dynamic forms: the designer, one form's filled records.
  { path: 'approvals/formdesigner', handle: { titleKey: 'dyn.designer.title' }, ...lazyPage(() => import('./FormDesignerPage'), 'FormDesignerPage') },
  { path: 'approvals/forms', ...declaredListPage('dynforms', 'dyn-forms') },
  { path: 'approvals/forms/:code', ...lazyPage(() => import('./DynamicFormPages'), 'DynamicFormRecordsPage') },
  // A form scenario's records: the scenario names the form (spec 7 cpm-ot/scenario).
  { path: 'approvals/scenario/:code', handle: { titleKey: 'wf.scenario.fill' }, ...lazyPage(() => import('./DynamicFormPages'), 'ScenarioFormPage') },
];
