/**
 * True for paths of the platform API, which always answer with an envelope: `/api/…`, and the
 * gateway-prefixed `/zuul/api/…` the spec gives the multipart uploads.
 */
export function isApiPath(url: string): boolean {
  return ['/api', '/zuul/api'].some(
    (prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`),
  );
}
