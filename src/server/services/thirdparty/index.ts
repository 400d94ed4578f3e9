/** Workplace-chat sign-in and account binding (spec 7), behind a provider interface. */
export { thirdpartyRoutes } from './thirdparty.routes';
export { PROVIDERS, dingtalkProvider, wecomProvider, type ChatApp, type ChatIdentity, type ChatProvider, type ProviderKind } from './provider';
export { bindAccount, completeSignIn, prepareSignIn, STATE_TTL_SECONDS } from './thirdparty.service';
