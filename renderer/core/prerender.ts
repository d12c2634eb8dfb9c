import { randomUuid } from './random-uuid';
import { readSession, SESSION_KEYS, writeSession } from './storage-keys';

/**
 * Prerendering (the Speculation Rules API, Chromium 109+): the login page asks the browser to
 * load the page a login will most likely land on while the user types (pages/login/
 * prerender-landing.ts). A prerendered page is invisible until the navigation to it: it may
 * download and evaluate its code, but it must not call the platform before the user is logged
 * in: not before its login page says so (announceSignedIn), or else before it is shown.
 */

/** True while this document is being prerendered (never shown yet). */
export function isPrerendering(doc: Document = document): boolean {
  return (doc as Document & { prerendering?: boolean }).prerendering === true;
}

/** Resolves once the document is shown: at once unless it is being prerendered. */
export function whenShown(doc: Document = document): Promise<void> {
  if (!isPrerendering(doc)) return Promise.resolve();
  return new Promise((resolve) => {
    doc.addEventListener(
      'prerenderingchange',
      () => {
        resolve();
      },
      { once: true },
    );
  });
}

/** The channel between a login page and the landing page it prerenders (same origin only). */
const SIGNED_IN_CHANNEL = 'edudesk-signed-in';

interface SignedInMessage {
  type: 'signed-in';
  /** The prerender's id: only the page this tab prerenders acts on it. */
  id: string;
}

function isSignedInMessage(data: unknown): data is SignedInMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Partial<SignedInMessage>;
  return message.type === 'signed-in' && typeof message.id === 'string';
}

function channel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(SIGNED_IN_CHANNEL) : null;
}

/**
 * Names the prerender the login page is about to start: a fresh id in this tab's session
 * storage. The prerendered page starts with a copy of that storage, so it knows the id, and a
 * login in another tab (whose pages share the channel) never wakes it.
 */
export function newPrerenderId(): void {
  writeSession(SESSION_KEYS.prerenderId, randomUuid());
}

/**
 * After a login on this tab: tells the landing page it prerenders, if any, that the session
 * exists (the session cookie is set before the login's answer is read), so that page asks who is
 * logged in while the navigation to it is still on its way. Nothing secret is sent: the page
 * makes its own calls with its own cookie.
 */
export function announceSignedIn(): void {
  const id = readSession(SESSION_KEYS.prerenderId);
  if (id === null) return;
  const message: SignedInMessage = { type: 'signed-in', id };
  channel()?.postMessage(message);
}

/**
 * While this document is prerendered: calls `onSignedIn` once, when the login page of its tab
 * announces a login; never after it is shown, nor for a page not prerendered. Returns a function
 * that stops listening.
 */
export function whileHiddenOnSignIn(onSignedIn: () => void, doc: Document = document): () => void {
  const id = readSession(SESSION_KEYS.prerenderId);
  const listening = id === null || !isPrerendering(doc) ? null : channel();
  if (listening === null) return () => undefined;
  const stop = () => {
    listening.close();
    doc.removeEventListener('prerenderingchange', stop);
  };
  listening.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (!isSignedInMessage(event.data) || event.data.id !== id) return;
    stop();
    onSignedIn();
  });
  doc.addEventListener('prerenderingchange', stop);
  return stop;
}
