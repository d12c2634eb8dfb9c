/** Builds release/admin-kit (or `out`) from resources/policy and docs/admin-kit.md. */
export declare function buildAdminKit(root?: string, out?: string): string;
