/** Build-time facts the core needs, read in one place. */

// vite.config.ts defines VITE_PH_VERSION; ImportMetaEnv types unknown keys as any, so check it.
function versionOr(value: unknown, fallback: string): string {
  return typeof value === 'string' && value !== '' ? value : fallback;
}

/** True in the Vite dev server (and in tests); the production build is false. */
export const isDev: boolean = import.meta.env.DEV;

/** The shared layer's version: part of the shared language file's URL (spec §7). */
export const PH_VERSION: string = versionOr(import.meta.env.VITE_PH_VERSION, '1.0.0');

/** The configured root path pages deploy under (spec §2, §7 root-folder rule). */
export const CONFIGURED_ROOT = 'pages';
