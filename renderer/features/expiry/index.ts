/** The module licence feature's front door: what the shells use of it. */
export { ModuleExpiredGate } from './module-expired-gate';
export { useModuleLicence } from './use-module-licence';
export { loadExpiryDialog } from './load';
