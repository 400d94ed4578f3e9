/** Orders across companies (issue 6): pr order send/cancel/allocate, customer order accept/reject/finish. */
import { registerOrderHandlers } from './orders.service';
import './orders.seed';
import { registerPlatformLink } from './platform-link';

registerOrderHandlers();
registerPlatformLink();

export { onOrderAccepted, recomputeOrder, type OrderAccepted } from './orders.service';
export { asTenant, emitOrderState } from './cross-tenant.util';
