// The boot's first stage (boot.ts): i18next with the built-in dictionaries, the request client
// (axios) and the page's first calls, which leave before React and antd are evaluated.
export { i18n } from '../core/i18n/instance';
export { httpInstance } from '../core/http/client';
export { startEarlyCalls } from './early-calls';
