export interface RootFolderInput {
  /** The current URL's path. */
  pathname: string;
  /** The configured root path (env CONFIGURED_ROOT). */
  configuredRoot: string;
  isDev: boolean;
  /** The module code (PH.init's code). */
  code: string;
}

/**
 * The root folder of a module's language file (spec §7): the first segment of the current URL
 * path, falling back to the configured root; in development always the configured root, except
 * 'area' when the module code contains area or Area (the dev server serves every page at the top).
 */
export function rootFolder({ pathname, configuredRoot, isDev, code }: RootFolderInput): string {
  if (isDev) return /area|Area/.test(code) ? 'area' : configuredRoot;
  const first = pathname.split('/').find((segment) => segment !== '');
  // A file at the top (/index.html, /pc_desktop_all.html) is not a folder.
  if (first === undefined || first.includes('.')) return configuredRoot;
  return first;
}
