/** Orders across companies (issue 6): pr order send/cancel/allocate, customer order accept/reject/finish. */
import { registerOrderHandlers } from './orders.service';
import './orders.seed';

registerOrderHandlers();

export { recomputeOrder } from './orders.service';
export { asTenant, emitOrderState } from './cross-tenant.util';
