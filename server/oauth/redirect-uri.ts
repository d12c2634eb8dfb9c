/**
 * Exact redirect URI matching (RFC 9700 §4.1.1, RFC 6749 §3.1.2): the URI a request names must
 * be one of the client's registered URIs, character for character: no prefix, no extra query,
 * no trailing slash, no case folding. The one exception is RFC 8252 §7.3: a registered
 * loopback URI (`http://127.0.0.1/…` or `http://[::1]/…`, no port) matches the same URI on any
 * port, because a native application listens on whatever port the system gives it.
 */

const LOOPBACK_HOSTS = ['http://127.0.0.1', 'http://[::1]'] as const;
const PORT = /^:([0-9]{1,5})(?=\/|$)/;

/** The registered URI's loopback origin when it is one without a port, else undefined. */
function loopbackOrigin(registered: string): string | undefined {
  return LOOPBACK_HOSTS.find(
    (origin) => registered.startsWith(`${origin}/`) || registered === origin,
  );
}

/**
 * The redirect URI to send the answer to, built from the registration (never the request's own
 * text): the registered URI itself, or for a loopback registration the same URI with the port
 * the request named. Undefined when `given` matches no registered URI.
 */
export function matchRedirectUri(registered: readonly string[], given: string): string | undefined {
  for (const uri of registered) {
    if (given === uri) return uri;
    const origin = loopbackOrigin(uri);
    if (origin === undefined || !given.startsWith(origin)) continue;
    const port = PORT.exec(given.slice(origin.length));
    if (!port) continue;
    const number = Number(port[1]);
    if (number < 1 || number > 65535) continue;
    const rest = given.slice(origin.length + port[0].length);
    if (`${origin}${rest}` === uri) return `${origin}:${String(number)}${uri.slice(origin.length)}`;
  }
  return undefined;
}

/**
 * True for a URI an operator may register: absolute http(s) without fragment or credentials
 * (RFC 6749 §3.1.2); plain http only for loopback and localhost addresses (RFC 9700 §2.6).
 */
export function isRegistrableRedirectUri(uri: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.hash !== '' || uri.includes('#') || url.username !== '' || url.password !== '') {
    return false;
  }
  if (url.protocol === 'https:') return true;
  if (url.protocol !== 'http:') return false;
  return (
    ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname) ||
    url.hostname.endsWith('.localhost')
  );
}
