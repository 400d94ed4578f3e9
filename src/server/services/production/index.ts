/** Production execution (issue 12): work orders from scheduled plans, bundles and scans, their demo. */
// Planning first: its demo season of plans is seeded before the work orders made from them.
import '../planning';
import './production.seed';
import { registerProductionActions } from './production.actions';

registerProductionActions();

export { productionRoutes } from './production.routes';
