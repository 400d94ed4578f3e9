/** Demand allocation (issue 6): action handlers and save hooks, the workbench route, demo data. */
import { registerAllocationHandlers } from './allocation.service';
import './allocation.seed';

registerAllocationHandlers();

export { allocationRoutes } from './allocation.routes';
export { loadWorkbench, type Workbench } from './allocation.service';
