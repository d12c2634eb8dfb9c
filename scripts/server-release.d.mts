/** What scripts/server-release.mjs packs, relative to the product folder. */
export declare const RELEASE_CONTENTS: readonly string[];
/** Packs release/edudesk-server-<version>.tar.gz (or into `outDir`); returns its path. */
export declare function packServerRelease(root: string, outDir?: string): string;
