const MAX_HOST_LENGTH = 253;

/**
 * The lowercase host name (no port, no trailing dot) of a bare host (`area.localhost:8080`) or a
 * full URL (`http://area.localhost/login`); undefined when it is not one.
 */
export function normalizeHost(input: string | undefined): string | undefined {
  const text = input?.trim();
  if (text === undefined || text === '' || text.length > 2048) return undefined;
  let url: URL;
  try {
    url = new URL(text.includes('://') ? text : `http://${text}`);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host === '' || host.length > MAX_HOST_LENGTH) return undefined;
  return host;
}
