/** Saved views of the lists (issue 32): the calls and the demo companies' shared views. */
import './list-view.seed';

export { listViewRoutes, SHARED_VIEWS_RIGHT } from './list-view.routes';
export { companyRoles, type ViewCaller } from './list-view.service';
