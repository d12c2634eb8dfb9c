// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isPrerendering, whenShown } from './prerender';

/** A document in the state a prerendered page is in until the navigation to it. */
function prerenderedDocument(): Document {
  const doc = document.implementation.createHTMLDocument('landing');
  Object.defineProperty(doc, 'prerendering', { configurable: true, get: () => true });
  return doc;
}

describe('whenShown', () => {
  it('resolves at once for a page that is not prerendered', async () => {
    expect(isPrerendering()).toBe(false);
    await expect(whenShown()).resolves.toBeUndefined();
  });

  it('waits for a prerendered page to be shown (prerenderingchange)', async () => {
    const doc = prerenderedDocument();
    expect(isPrerendering(doc)).toBe(true);
    let shown = false;
    const waiting = whenShown(doc).then(() => {
      shown = true;
    });
    // Everything already queued runs: still not shown.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shown).toBe(false);

    Object.defineProperty(doc, 'prerendering', { configurable: true, get: () => false });
    doc.dispatchEvent(new Event('prerenderingchange'));
    await waiting;
    expect(shown).toBe(true);
  });
});
