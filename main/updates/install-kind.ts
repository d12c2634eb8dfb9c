import path from 'node:path';
import { CLIENT_PRODUCT_NAME } from '../../contract/client-downloads';

/**
 * How this copy of the client was installed, which decides how it updates
 * (docs/desktop-client.md, "Updates"): 'nsis' (per user, updates itself), 'msi' (per machine, IT
 * installs updates), 'portable' (the user downloads a newer executable), 'dev' (not packaged:
 * never updates).
 */
export type InstallKind = 'nsis' | 'msi' | 'portable' | 'dev';

/** The uninstaller electron-builder's NSIS installer leaves beside the executable. */
export const NSIS_UNINSTALLER = `Uninstall ${CLIENT_PRODUCT_NAME}.exe`;

export interface InstallFacts {
  packaged: boolean;
  env: NodeJS.ProcessEnv;
  /** The running executable (app.getPath('exe')). */
  exePath: string;
  fileExists(file: string): boolean;
}

/**
 * Portable: electron-builder's portable launcher sets PORTABLE_EXECUTABLE_DIR. NSIS: its
 * uninstaller sits beside the executable (the MSI has none: Windows Installer uninstalls it). Any
 * other packaged copy is treated as the MSI, the kind that never installs anything itself, so an
 * unknown layout can never start a per-user installer over a per-machine install.
 */
export function detectInstallKind(facts: InstallFacts): InstallKind {
  if (!facts.packaged) return 'dev';
  const portableDir = facts.env.PORTABLE_EXECUTABLE_DIR;
  if (portableDir !== undefined && portableDir !== '') return 'portable';
  const uninstaller = path.join(path.dirname(facts.exePath), NSIS_UNINSTALLER);
  return facts.fileExists(uninstaller) ? 'nsis' : 'msi';
}
