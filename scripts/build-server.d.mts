/** Where scripts/build-server.mjs writes the compiled server, relative to the product folder. */
export declare const SERVER_BUNDLE: string;
