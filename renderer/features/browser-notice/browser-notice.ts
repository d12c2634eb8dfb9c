/**
 * Internet Explorer 6 to 8 get the page replaced by a notice recommending a newer browser
 * (spec §2). Those browsers cannot run the application's script at all, so the notice itself
 * is static HTML in index.html inside an IE conditional comment; this rule is for hosts that
 * render pages in an embedded IE engine and ask the layer whether to show it.
 */
export function isOutdatedInternetExplorer(userAgent: string): boolean {
  const match = /MSIE (\d+)\./.exec(userAgent);
  if (!match?.[1]) return false;
  const version = Number(match[1]);
  return version >= 6 && version <= 8;
}
