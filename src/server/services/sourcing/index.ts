/** Supplier sourcing (issue 16): projects, RFQ, the supplier's applications and quotations, comparison, evaluation, award. */
import { registerSourcingHandlers } from './sourcing.service';
import './sourcing.seed';

registerSourcingHandlers();

export { sourcingRoutes } from './sourcing.routes';
