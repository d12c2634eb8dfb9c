/**
 * Links that come from the server (unit configuration, messages) are hostile until proven
 * otherwise: only http(s) URLs and same-origin paths may reach an href or a src.
 */
export function safeLinkUrl(value: unknown, base: string = window.location.href): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
