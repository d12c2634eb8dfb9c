/**
 * Resolves once the browser has drawn what the page has just rendered: after the second animation
 * frame from now (the first frame's tiles are rasterised before the next one starts), or after
 * `capMs` at the latest: a hidden tab runs no animation frames, and its page must not wait for
 * ever.
 */
export function afterNextPaint(capMs: number): Promise<void> {
  return new Promise((resolve) => {
    let frame = 0;
    const done = () => {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
      resolve();
    };
    const timer = setTimeout(done, capMs);
    frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(done);
    });
  });
}
