/** Production execution (issue 12): work orders from scheduled plans, bundles and scans, their demo. */
// Planning first: its demo season of plans is seeded before the work orders made from them.
import '../planning';
import './production.seed';
// After the work orders: scans of the plans under way, so the board shows actual against planned (issue 31).
import './production.actuals.seed';
// Scans recorded before they kept their line and style take them once (scan-where-made.ts).
import './scan-where-made';
import { registerProductionActions } from './production.actions';

registerProductionActions();

export { productionRoutes } from './production.routes';
