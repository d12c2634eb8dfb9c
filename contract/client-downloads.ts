/**
 * The file names of the Windows client's downloads (spec §2 client download dialog), exactly as
 * electron-builder names them from electron-builder.yml's `artifactName` patterns
 * (`${productName}-Setup-${version}.${ext}` and so on). A packaging test expands those patterns
 * with electron-builder's own macro expander and compares, so the dialog's links cannot drift
 * from what `npm run dist` produces.
 */
export const CLIENT_PRODUCT_NAME = 'EduDesk';

export interface ClientDownloadFiles {
  /** The NSIS installer (per user, choice of directory). */
  installer: string;
  /** The portable executable (user data beside it). */
  portable: string;
  /** The MSI package for IT deployment (per machine, SERVER_URL property). */
  msi: string;
}

/** The download file names for a client version, e.g. `0.1.0` → `EduDesk-Setup-0.1.0.exe`. */
export function clientDownloadFiles(version: string): ClientDownloadFiles {
  return {
    installer: `${CLIENT_PRODUCT_NAME}-Setup-${version}.exe`,
    portable: `${CLIENT_PRODUCT_NAME}-Portable-${version}.exe`,
    msi: `${CLIENT_PRODUCT_NAME}-${version}.msi`,
  };
}

/** A download's URL on the dialog's configurable base (with or without a trailing slash). */
export function clientDownloadUrl(base: string, fileName: string): string {
  return `${base.replace(/\/+$/, '')}/${encodeURIComponent(fileName)}`;
}
