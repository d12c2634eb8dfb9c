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

export type LinkTarget = { kind: 'new-window'; url: string } | { kind: 'navigate'; url: string };

/**
 * Where a server-supplied link opens (spec §4 messages and to-dos): an http(s) URL in a new
 * window; any other URL in this window, but only on this origin; nothing for an empty or unsafe
 * URL (`javascript:`, `//other-host/...`).
 */
export function linkTarget(
  url: string,
  currentHref: string = window.location.href,
): LinkTarget | null {
  const raw = url.trim();
  if (raw === '') return null;
  const safe = safeLinkUrl(raw, currentHref);
  if (safe === null) return null;
  if (/^https?:\/\//i.test(raw)) return { kind: 'new-window', url: safe };
  if (new URL(safe).origin !== new URL(currentHref).origin) return null;
  return { kind: 'navigate', url: safe };
}

/**
 * A partner's or provider's logo may only be a data: image or a same-origin path (the page's CSP allows
 * nothing else, and a foreign URL would tell the partner's host who opened the page).
 */
export function safeLogoUri(value: string): string | null {
  if (/^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=]+$/.test(value)) return value;
  if (/^\/(?!\/)[A-Za-z0-9._~/-]*$/.test(value)) return value;
  return null;
}
