/** RFC 5987 / 8187 encoding of a UTF-8 value (encodeURIComponent leaves a few to escape). */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * A Content-Disposition header that every browser reads the same way (RFC 6266): a plain ASCII
 * `filename` for old clients (non-ASCII, quotes, backslashes and control characters replaced by
 * '_') and the exact UTF-8 name in `filename*`. No client-given byte reaches the header raw, so
 * no header injection and no path in the name.
 */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_').replace(/[/]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(fileName)}`;
}
