import { clientDownloadFiles, clientDownloadUrl } from '../../../contract/client-downloads';
import { safeLinkUrl } from '../../core/safe-url';

export type DownloadKind = 'installer' | 'portable' | 'msi';

export interface DownloadLink {
  kind: DownloadKind;
  fileName: string;
  url: string;
}

/** The order the dialog lists them in: what most users want first. */
const KINDS: readonly DownloadKind[] = ['installer', 'portable', 'msi'];

/**
 * The client's download links on the configurable base (spec §2): file names as
 * electron-builder names them (contract/client-downloads.ts). An empty base, or one that is
 * not http(s) or same-origin, gives no links at all. Pure but for the page's URL as base.
 */
export function downloadLinks(
  base: string,
  version: string,
  pageHref: string = window.location.href,
): DownloadLink[] {
  if (base.trim() === '') return [];
  const files = clientDownloadFiles(version);
  const links: DownloadLink[] = [];
  for (const kind of KINDS) {
    const url = safeLinkUrl(clientDownloadUrl(base.trim(), files[kind]), pageHref);
    if (url === null) return [];
    links.push({ kind, fileName: files[kind], url });
  }
  return links;
}
