/** The outside-system calls of spec 7 (issue 35): the third-party gateway, API keys, out-api pushes, temporary tokens. */
import './gateway.seed';
export { gatewayRoutes, apiKeyOf } from './gateway.routes';
export { PushSender } from './push.sender';
export { signatureHeader, verifySignature, SIGNATURE_HEADER } from './push-signature';
