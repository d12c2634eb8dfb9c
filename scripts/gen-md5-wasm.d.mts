/** The generator's module builder (gen-md5-wasm.mjs), for the test that checks the inlined bytes. */
export declare function buildModule(): Uint8Array;
