/**
 * Prerendering (the Speculation Rules API, Chromium 109+): the login page asks the browser to
 * load the page a login will most likely land on while the user types (pages/login/
 * prerender-landing.ts). A prerendered page is invisible until the navigation to it: it may
 * download and evaluate its code, but it must not call the platform or read the session before
 * it is shown, because the user is not logged in yet.
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
