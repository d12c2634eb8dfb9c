/** Where scripts/build-server.mjs writes the compiled server, relative to the product folder. */
export declare const SERVER_BUNDLE: string;
/** The worker threads' entries: output name (dist/server/<name>.mjs) → source file. */
export declare const SERVER_WORKERS: Record<string, string>;
