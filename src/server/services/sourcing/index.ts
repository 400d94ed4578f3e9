/** Supplier sourcing (issue 16): projects, RFQ, the supplier's applications and quotations, comparison, evaluation, award. */
import { registerSourcingHandlers } from './sourcing.service';
import { registerVendorEvalHandlers } from './sourcing.vendoreval';
import './sourcing.seed';

registerSourcingHandlers();
registerVendorEvalHandlers();

export { sourcingRoutes } from './sourcing.routes';
