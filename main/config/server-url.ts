/**
 * The platform server's address, as typed on the first-run page or set by policy or config.json.
 * Only the origin matters: the web build and every API live at the server's root (spec §2, §7).
 */

export type ServerUrlError = 'empty' | 'invalid' | 'insecure' | 'credentials';

export type ServerUrlResult =
  { ok: true; origin: string; url: string } | { ok: false; error: ServerUrlError };

export interface ServerUrlOptions {
  /**
   * Accept plain http for any host. Only deployment sources (policy, config.json) may: an
   * administrator's explicit choice for an intranet server. The user's choice needs https.
   */
  allowInsecure?: boolean;
}

const MAX_LENGTH = 2048;

/** Loopback names: http there never leaves the machine (and browsers treat it as secure). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127(?:\.\d{1,3}){3}$/.test(host)
  );
}

/** Validates and normalises a server address to its origin. A missing scheme means https. */
export function parseServerUrl(input: string, options: ServerUrlOptions = {}): ServerUrlResult {
  const text = input.trim();
  if (text === '') return { ok: false, error: 'empty' };
  if (text.length > MAX_LENGTH || /\s/.test(text)) return { ok: false, error: 'invalid' };
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return { ok: false, error: 'invalid' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, error: 'invalid' };
  if (url.hostname === '') return { ok: false, error: 'invalid' };
  if (url.username !== '' || url.password !== '') return { ok: false, error: 'credentials' };
  if (url.protocol === 'http:' && options.allowInsecure !== true && !isLoopbackHost(url.hostname)) {
    return { ok: false, error: 'insecure' };
  }
  return { ok: true, origin: url.origin, url: `${url.origin}/` };
}
