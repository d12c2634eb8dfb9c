/**
 * Shims jsdom lacks and antd needs (TOOLCHAIN.md): matchMedia, ResizeObserver, and
 * getComputedStyle called with a pseudo-element argument. Only applied in DOM environments.
 */
if (typeof window !== 'undefined') {
  if (typeof window.matchMedia !== 'function') {
    window.matchMedia = (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList;
  }
  if (typeof globalThis.ResizeObserver === 'undefined') {
    globalThis.ResizeObserver = class {
      observe(): void {
        /* jsdom does no layout */
      }
      unobserve(): void {
        /* jsdom does no layout */
      }
      disconnect(): void {
        /* jsdom does no layout */
      }
    };
  }
  const original = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => original(element);

  // waitFor and findBy give up after 1 s by default: on a busy CI machine (two loaded cores) a
  // render, a fake camera or a request round trip can take longer. Tests wait for outcomes,
  // they do not time them: allow 10 s a wait (a unit test has 30 s).
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 10_000 });
}

export {};
