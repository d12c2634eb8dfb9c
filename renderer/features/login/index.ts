/** The login feature's front door: what the pages, the shell and the boot use of it. */
export { HostWithoutUnitError, unitLoginConfigQuery } from './api';
export { LoginBox } from './login-box';
export { LoginBrand } from './login-brand';
export type { LoginCheckOutcome } from './login-check/login-check';
export { checkStartsWithCurrentUser } from './login-check/steps';
export { LoginDialog } from './login-dialog';
export { LoginForm } from './login-form';
export { announceLoginSuccess, loginWith, takeLoginSuccess } from './login-session';
export { fetchPendingIdentity, postBind } from './social/api';
export { inAppClient } from './social/in-app-client';
export { useLoginCheck } from './use-login-check';
export { loadLoginDialog } from './load';
