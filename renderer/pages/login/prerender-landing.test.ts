// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { LANDING_RULES_ID, prerenderLandingPage } from './prerender-landing';

/** jsdom has no HTMLScriptElement.supports: the feature test answers as Chromium's would. */
function withSpeculationRules(supported: boolean): void {
  Object.defineProperty(HTMLScriptElement, 'supports', {
    configurable: true,
    value: (type: string) => supported && type === 'speculationrules',
  });
}

function rules(): { type: string; urls: unknown } | null {
  const script = document.getElementById(LANDING_RULES_ID);
  if (!(script instanceof HTMLScriptElement)) return null;
  const parsed = JSON.parse(script.textContent) as { prerender: { urls: unknown }[] };
  return { type: script.type, urls: parsed.prerender[0]?.urls };
}

describe('prerenderLandingPage', () => {
  afterEach(() => {
    document.getElementById(LANDING_RULES_ID)?.remove();
    Reflect.deleteProperty(HTMLScriptElement, 'supports');
  });

  it('adds one speculation rule set that prerenders the absolute landing address', () => {
    withSpeculationRules(true);
    expect(prerenderLandingPage('/pages/base/pc_desktop_all/index.html')).toBe(true);
    expect(rules()).toEqual({
      type: 'speculationrules',
      urls: [new URL('/pages/base/pc_desktop_all/index.html', document.baseURI).href],
    });
    expect(document.querySelectorAll('script[type="speculationrules"]')).toHaveLength(1);
  });

  it('keeps the rule set for the same guess, replaces it for another, removes it for none', () => {
    withSpeculationRules(true);
    prerenderLandingPage('/pages/base/pc_desktop_all/index.html');
    const first = document.getElementById(LANDING_RULES_ID);
    prerenderLandingPage('/pages/base/pc_desktop_all/index.html');
    expect(document.getElementById(LANDING_RULES_ID)).toBe(first);

    prerenderLandingPage('/area/areaBase/pc_areaDesktop_all/index.html');
    expect(document.getElementById(LANDING_RULES_ID)).not.toBe(first);
    expect(rules()?.urls).toEqual([
      new URL('/area/areaBase/pc_areaDesktop_all/index.html', document.baseURI).href,
    ]);
    expect(document.querySelectorAll('script[type="speculationrules"]')).toHaveLength(1);

    expect(prerenderLandingPage(null)).toBe(false);
    expect(document.getElementById(LANDING_RULES_ID)).toBeNull();
  });

  it('never prerenders another origin', () => {
    withSpeculationRules(true);
    expect(prerenderLandingPage('https://evil.example/pages/base/pc_desktop_all/index.html')).toBe(
      false,
    );
    expect(prerenderLandingPage('//evil.example/x')).toBe(false);
    expect(document.querySelector('script[type="speculationrules"]')).toBeNull();
  });

  it('adds nothing where the browser runs no speculation rules', () => {
    withSpeculationRules(false);
    expect(prerenderLandingPage('/pages/base/pc_desktop_all/index.html')).toBe(false);
    expect(document.querySelector('script[type="speculationrules"]')).toBeNull();
  });
});
