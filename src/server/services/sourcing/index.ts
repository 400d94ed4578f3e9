/** Supplier sourcing (issue 16): projects, RFQ, the supplier's applications and quotations, comparison, evaluation, award, admission, vendor settings. */
import { registerAdmissionHandlers } from './sourcing.admission';
import { registerSourcingHandlers } from './sourcing.service';
import { registerSourcingLifecycleHandlers } from './sourcing.lifecycle';
import { registerVendorBankHandlers } from './sourcing.vendorbank';
import { registerVendorEvalHandlers } from './sourcing.vendoreval';
import './sourcing.seed';
import './sourcing-admission.seed';

registerSourcingHandlers();
registerSourcingLifecycleHandlers();
registerVendorEvalHandlers();
registerAdmissionHandlers();
registerVendorBankHandlers();

export { sourcingRoutes } from './sourcing.routes';
