/** The partner authorisation feature's front door: what the authorisation page uses of it. */
export { fetchClientInfo } from './api';
export { parseAuthorizeRequest } from './authorize-request';
export { ConsentCard } from './consent-card';
