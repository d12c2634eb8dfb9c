/**
 * Characters a user cannot see in a name or a log line: C0 and C1 controls, line and paragraph
 * separators, and the bidirectional marks and overrides that make `exe.pdf` look like a PDF.
 * Shared by the download names (main/downloads) and the edudesk:// links (deep-link.ts).
 */
function isInvisible(code: number): boolean {
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x200e ||
    code === 0x200f ||
    code === 0x2028 ||
    code === 0x2029 ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

export function hasInvisible(text: string): boolean {
  for (const char of text) if (isInvisible(char.codePointAt(0) ?? 0)) return true;
  return false;
}

/** The text with every invisible character replaced by `replacement`. */
export function replaceInvisible(text: string, replacement: string): string {
  let result = '';
  for (const char of text) result += isInvisible(char.codePointAt(0) ?? 0) ? replacement : char;
  return result;
}
