// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  announceSignedIn,
  isPrerendering,
  newPrerenderId,
  whenShown,
  whileHiddenOnSignIn,
} from './prerender';
import { SESSION_KEYS } from './storage-keys';

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

/** Shows a document made by prerenderedDocument(). */
function show(doc: Document): void {
  Object.defineProperty(doc, 'prerendering', { configurable: true, get: () => false });
  doc.dispatchEvent(new Event('prerenderingchange'));
}

describe("the login page's word to the landing page it prerenders", () => {
  const stops: (() => void)[] = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    sessionStorage.clear();
  });

  /** A prerendered page of this tab listening for the login (its copy of the tab's storage). */
  function listen(doc = prerenderedDocument()) {
    const calls: string[] = [];
    stops.push(
      whileHiddenOnSignIn(() => {
        calls.push('signed in');
      }, doc),
    );
    return { doc, calls };
  }

  /** Waits until a listener was woken: every message posted before has been delivered. */
  async function woken(calls: string[]): Promise<void> {
    await vi.waitFor(
      () => {
        expect(calls).toEqual(['signed in']);
      },
      { timeout: 10_000 },
    );
  }

  it('wakes the prerendered page once when the login of its tab succeeds', async () => {
    newPrerenderId();
    const { calls } = listen();
    const witness = listen();
    expect(calls).toEqual([]);

    announceSignedIn();
    announceSignedIn();
    await woken(calls);
    // The second word, delivered to the witness too, woke nobody again.
    const late = listen();
    announceSignedIn();
    await woken(late.calls);
    expect(calls).toEqual(['signed in']);
    expect(witness.calls).toEqual(['signed in']);
  });

  it("ignores a login in another tab: another prerender's id", async () => {
    newPrerenderId();
    const { calls } = listen();
    // Another tab's login page names its own prerender, then its login succeeds.
    newPrerenderId();
    const otherTab = listen();
    announceSignedIn();
    await woken(otherTab.calls);
    expect(calls).toEqual([]);
  });

  it('ignores forged or malformed messages on the channel', async () => {
    newPrerenderId();
    const id = sessionStorage.getItem(SESSION_KEYS.prerenderId);
    const { calls } = listen();
    // A witness named by another id: the word that wakes it is posted after every forgery.
    newPrerenderId();
    const witnessId = sessionStorage.getItem(SESSION_KEYS.prerenderId);
    const witness = listen();
    const forger = new BroadcastChannel('edudesk-signed-in');
    for (const message of [
      { type: 'signed-out', id },
      { type: 'signed-in', id: 42 },
      { type: 'signed-in', id: `${String(id)} ` },
      { id },
      `signed-in ${String(id)}`,
      null,
    ]) {
      forger.postMessage(message);
    }
    // Messages of one sender arrive in order: once the witness is woken, every forgery has been
    // delivered to the page, and none woke it.
    forger.postMessage({ type: 'signed-in', id: witnessId });
    await woken(witness.calls);
    expect(calls).toEqual([]);
    forger.close();
  });

  it('stops listening once the page is shown: the page then calls by itself', async () => {
    newPrerenderId();
    const { doc, calls } = listen();
    const stillHidden = listen();
    show(doc);
    announceSignedIn();
    await woken(stillHidden.calls);
    expect(calls).toEqual([]);
  });

  it('does not listen on a page that is not prerendered, nor without a prerender id', async () => {
    const unnamed = listen();
    newPrerenderId();
    const shown = listen(document);
    const named = listen();
    announceSignedIn();
    await woken(named.calls);
    expect(shown.calls).toEqual([]);
    expect(unnamed.calls).toEqual([]);
  });
});
