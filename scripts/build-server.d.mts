/** Where scripts/build-server.mjs writes the compiled server, relative to the product folder. */
export declare const SERVER_BUNDLE: string;
/** The worker threads' entries: output name (dist/server/<name>.mjs) → source file. */
export declare const SERVER_WORKERS: Record<string, string>;
/** The commands compiled beside main.mjs (dist/server/<name>.mjs): name → source file. */
export declare const SERVER_ENTRIES: Record<string, string>;
/** The environment the server process is started with (see build-server.mjs). */
export declare const SERVER_PROCESS_ENV: Readonly<Record<string, string>>;
/** `env` with SERVER_PROCESS_ENV's variables added where `env` does not set them. */
export declare function serverProcessEnv(
  env?: Record<string, string | undefined>,
): Record<string, string | undefined>;
/** Node's flags for the server process (see build-server.mjs). */
export declare const SERVER_NODE_FLAGS: readonly string[];
/** Node's arguments to run a server entry with (see build-server.mjs). */
export declare function serverNodeArgs(entry: string): string[];
