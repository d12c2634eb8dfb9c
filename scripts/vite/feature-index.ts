/**
 * A feature's index.ts (its front door, renderer/features/<name>/index.ts) only re-exports: told
 * so, the bundler skips the modules behind the exports a page does not use, side effects and
 * all, so importing a feature through its index costs a page no more than importing the one
 * module it needs. An index file must therefore never run code of its own when imported.
 */
export const featureIndexSideEffects = [
  { test: /[\\/]renderer[\\/]features[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false },
];
