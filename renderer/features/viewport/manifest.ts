/**
 * Module scripts (spec §2 viewport, §7): a module's manifest is keyed by fileId plus .js and .css
 * to give the asset URLs. Only same-origin URLs are accepted: the page's CSP allows scripts from
 * its own origin only, and a manifest is not trusted to point elsewhere. Pure.
 */
export interface ModuleAssets {
  script: string | null;
  style: string | null;
}

const SAFE_NAME = /^[A-Za-z0-9_-]+$/;

export function isSafeModuleName(value: string): boolean {
  return SAFE_NAME.test(value);
}

function sameOrigin(value: unknown, origin: string): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value.trim(), origin);
    return url.origin === origin ? url.href : null;
  } catch {
    return null;
  }
}

export function moduleAssets(manifest: unknown, fileId: string, origin: string): ModuleAssets {
  if (typeof manifest !== 'object' || manifest === null) return { script: null, style: null };
  const entries = manifest as Record<string, unknown>;
  return {
    script: sameOrigin(entries[`${fileId}.js`], origin),
    style: sameOrigin(entries[`${fileId}.css`], origin),
  };
}
