/** Minimal cookie reading and writing (RFC 6265), enough for the session cookies. */

export interface CookieOptions {
  path: string;
  maxAgeSeconds: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'Strict' | 'Lax';
}

// Values we write are base64url tokens; refuse anything that could break the header.
const COOKIE_NAME = /^[A-Za-z0-9_-]+$/;
const COOKIE_VALUE = /^[A-Za-z0-9._~-]*$/;
const COOKIE_PATH = /^\/[A-Za-z0-9/._~-]*$/;

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  if (!COOKIE_NAME.test(name) || !COOKIE_VALUE.test(value) || !COOKIE_PATH.test(options.path)) {
    throw new Error(`Refusing to write cookie ${name}: unsafe name, value or path`);
  }
  const parts = [
    `${name}=${value}`,
    `Path=${options.path}`,
    `Max-Age=${String(Math.max(0, Math.floor(options.maxAgeSeconds)))}`,
    `SameSite=${options.sameSite}`,
  ];
  if (options.maxAgeSeconds <= 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** The value of one cookie of a Cookie header, or undefined. First occurrence wins. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (header === undefined || header === '') return undefined;
  for (const pair of header.split(';')) {
    const index = pair.indexOf('=');
    if (index < 0) continue;
    if (pair.slice(0, index).trim() !== name) continue;
    let value = pair.slice(index + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
      value = value.slice(1, -1);
    }
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}
