import { newPrerenderId } from '../../core/prerender';

/** The rule set the login page adds: one at most, replaced when its guess changes. */
export const LANDING_RULES_ID = 'landing-prerender';

/** Whether this browser runs speculation rules (Chromium 109+; not Firefox, Safari or jsdom). */
function supportsSpeculationRules(): boolean {
  const script = globalThis.HTMLScriptElement as
    (typeof HTMLScriptElement & { supports?: (type: string) => boolean }) | undefined;
  return typeof script?.supports === 'function' && script.supports('speculationrules');
}

/**
 * Asks the browser to prerender the page a login will most likely land on (docs/performance.md,
 * "Prerender"). The landing page then downloads and evaluates its code while the user types, calls
 * the platform once the login is announced (core/prerender.ts), and renders once shown. One
 * rule set at most: a new guess replaces the old one (the browser drops its prerender), null
 * removes it. Returns whether a rule set is in place. Same-origin paths only: the rules are
 * inserted by script, allowed by the pages' Content-Security-Policy ('inline-speculation-rules').
 */
export function prerenderLandingPage(url: string | null, doc: Document = document): boolean {
  const existing = doc.getElementById(LANDING_RULES_ID);
  const href = url === null ? null : new URL(url, doc.baseURI);
  const wanted =
    href !== null && href.origin === new URL(doc.baseURI).origin && supportsSpeculationRules()
      ? href.href
      : null;
  if (existing !== null && existing.dataset.url === wanted) return true;
  existing?.remove();
  if (wanted === null) return false;
  // Before the rules: the prerendered page's copy of the tab's session storage carries its id.
  newPrerenderId();
  const script = doc.createElement('script');
  script.type = 'speculationrules';
  script.id = LANDING_RULES_ID;
  script.dataset.url = wanted;
  script.textContent = JSON.stringify({ prerender: [{ source: 'list', urls: [wanted] }] });
  doc.head.append(script);
  return true;
}
