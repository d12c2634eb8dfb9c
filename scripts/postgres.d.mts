/** The newest installed PostgreSQL (≥ 15) binaries' folder, or undefined. */
export declare function findPostgresBin(): string | undefined;
/** Starts (creating if needed) a private cluster in `folder` on `port`; returns its URL. */
export declare function startPostgres(folder: string, port: number): string;
export declare function stopPostgres(folder: string): void;
