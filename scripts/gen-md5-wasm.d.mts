/** The generator's module builder (gen-md5-wasm.mjs), for the test that checks the inlined bytes. */
export declare const VARIANTS: readonly string[];
export declare function buildModule(variant?: string): Uint8Array;
