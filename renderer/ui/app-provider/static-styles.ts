/**
 * Whether antd's styles come from the stylesheet built with the page (scripts/vite/
 * antd-static-styles.ts) rather than being generated in the browser. The web pages turn it on
 * before their first render; the PH bundle and the unit tests keep antd's runtime styles.
 */
let staticStyles = false;

/** Called once by an entry that imports 'virtual:antd-static.css'. */
export function enableStaticAntdStyles(): void {
  staticStyles = true;
}

export function usesStaticAntdStyles(): boolean {
  return staticStyles;
}
