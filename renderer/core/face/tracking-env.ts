/**
 * tracking.js is a browser script that hangs itself on `window` and reads `navigator`. A Web
 * Worker (and Node, in tests) has neither name, so this module gives them before the script
 * runs. Import it before the tracking.js modules: ES imports run in order.
 */
const scope = globalThis as { window?: unknown; navigator?: unknown };
scope.window ??= globalThis;
scope.navigator ??= {};

export {};
