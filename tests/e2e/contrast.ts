import type { Page } from 'playwright-core';

/**
 * Readable texts on every theme (WCAG AA): each text of the page as drawn, against
 * the background actually behind it (the artwork, a translucent card, a gradient header, a
 * badge), measured from a screenshot of the page with its texts made transparent.
 *
 * For every visible text run (one text node's tight box) the text colour comes from the computed
 * style; the background is every pixel of that box with the texts hidden (at once: no colour
 * transition of a button fading its text out while the screenshot is taken). The ratio is taken at
 * the 5th percentile of those pixels (a single anti-aliased border pixel does not fail a label;
 * artwork behind a fifth of it does). Normal text needs 4.5:1, large text (24 px, or 18.66 px
 * bold) 3:1; a badge's digits are normal text, measured against the badge's own solid fill.
 * Texts a layer covers (the sticky header over a scrolled card, a drawer), disabled controls and
 * visually hidden texts are not the page's readable texts and are skipped.
 */
export interface LowContrast {
  text: string;
  ratio: number;
  needed: number;
}

interface Run {
  text: string;
  /** Box in CSS px of the viewport. */
  left: number;
  top: number;
  width: number;
  height: number;
  /** The text colour, 0–255 and alpha 0–1. */
  colour: [number, number, number, number];
  /** A badge's own solid fill: its text is measured against that, not the pixels. */
  solid: [number, number, number] | null;
  needed: number;
}

/** The texts in view that nothing covers, with their colour and the ratio each needs. */
function visibleRuns(page: Page): Promise<Run[]> {
  return page.evaluate(() => {
    const skip =
      '.ant-drawer, .ant-modal-root, .ant-notification, .ant-tooltip, .hover-tip__bubble, ' +
      '.visually-hidden, script, style, noscript, option, .top-menu__measure, ' +
      '[aria-hidden="true"]:not(.header-bell__count)';
    const runs: Run[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const element = node.parentElement;
      if (text === '' || !element || element.closest(skip)) continue;
      if (element.closest(':disabled, [aria-disabled="true"]')) continue;
      const style = getComputedStyle(element);
      if (style.visibility !== 'visible' || Number(style.opacity) === 0) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) continue;
      // Only the part not clipped away (a name cut by its ellipsis, a scrolled list), and only
      // texts wholly in view: the next scroll step sees the others.
      let left = box.left;
      let top = box.top;
      let right = box.right;
      let bottom = box.bottom;
      for (let up: Element | null = element; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflow === 'visible') continue;
        const clip = up.getBoundingClientRect();
        left = Math.max(left, clip.left);
        top = Math.max(top, clip.top);
        right = Math.min(right, clip.right);
        bottom = Math.min(bottom, clip.bottom);
      }
      if (right - left < 2 || bottom - top < 2) continue;
      if (left < 0 || top < 0 || right > window.innerWidth || bottom > window.innerHeight) continue;
      // Nothing covers any of it (the sticky header over a scrolled card, a drawer): its centre
      // and corners all hit the text's element, or the control it is in.
      const points = [
        [(left + right) / 2, (top + bottom) / 2],
        [left + 1, top + 1],
        [right - 1, top + 1],
        [left + 1, bottom - 1],
        [right - 1, bottom - 1],
      ] as const;
      const covered = points.some(([x, y]) => {
        const hit = document.elementFromPoint(x, y);
        return !hit || !(hit === element || element.contains(hit) || hit.contains(element));
      });
      if (covered) continue;
      const rgba = (value: string) =>
        /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(value);
      const match = rgba(style.color);
      if (!match) continue;
      const size = Number.parseFloat(style.fontSize);
      const weight = Number.parseInt(style.fontWeight, 10);
      const large = size >= 24 || (size >= 18.66 && weight >= 700);
      // A badge is a solid pill (its digits scroll inside it): its fill is its background.
      const badge = element.closest(
        '.ant-badge-count, .ant-scroll-number, .app-icon__badge, .header-bell__count',
      );
      const fill = badge ? rgba(getComputedStyle(badge).backgroundColor) : null;
      runs.push({
        text: text.slice(0, 40),
        left,
        top,
        width: right - left,
        height: bottom - top,
        colour: [Number(match[1]), Number(match[2]), Number(match[3]), Number(match[4] ?? 1)],
        solid:
          fill && Number(fill[4] ?? 1) === 1
            ? [Number(fill[1]), Number(fill[2]), Number(fill[3])]
            : null,
        needed: large ? 3 : 4.5,
      });
    }
    return runs;
  });
}

const HIDE_TEXTS =
  '*, *::before, *::after { color: transparent !important; -webkit-text-fill-color: transparent !important; text-shadow: none !important; caret-color: transparent !important; text-decoration-color: transparent !important; transition: none !important; }';

/** The runs' ratios against the screenshot's pixels (computed in the page: no image library). */
function measure(page: Page, runs: Run[], png: string): Promise<LowContrast[]> {
  return page.evaluate(
    async ({ runs: all, png: base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d canvas');
      context.drawImage(bitmap, 0, 0);
      const scale = bitmap.width / window.innerWidth;
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      const luminance = (r: number, g: number, b: number) =>
        0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
      const found: LowContrast[] = [];
      for (const run of all) {
        const x = Math.floor(run.left * scale);
        const y = Math.floor(run.top * scale);
        const w = Math.max(1, Math.floor(run.width * scale));
        const h = Math.max(1, Math.floor(run.height * scale));
        const pixels = run.solid
          ? Uint8ClampedArray.from([...run.solid, 255])
          : context.getImageData(x, y, w, h).data;
        const [tr, tg, tb, ta] = run.colour;
        const ratios: number[] = [];
        for (let i = 0; i < pixels.length; i += 4) {
          const br = pixels[i] ?? 0;
          const bg = pixels[i + 1] ?? 0;
          const bb = pixels[i + 2] ?? 0;
          // A translucent text colour is drawn over the background it sits on.
          const text = luminance(
            tr * ta + br * (1 - ta),
            tg * ta + bg * (1 - ta),
            tb * ta + bb * (1 - ta),
          );
          const back = luminance(br, bg, bb);
          ratios.push((Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05));
        }
        ratios.sort((a, b) => a - b);
        const ratio = ratios[Math.floor(ratios.length * 0.05)] ?? 21;
        if (ratio < run.needed) {
          found.push({ text: run.text, ratio: Math.round(ratio * 100) / 100, needed: run.needed });
        }
      }
      return found;
    },
    { runs, png },
  );
}

/**
 * Every text of the page, scrolled through from the top, that does not reach its WCAG AA
 * ratio on what is drawn behind it. The page is scrolled back to the top afterwards.
 */
export async function lowContrastTexts(page: Page): Promise<LowContrast[]> {
  const found: LowContrast[] = [];
  // No colour transitions while measuring: texts are hidden and shown again at once.
  const still = await page.addStyleTag({ content: '* { transition: none !important; }' });
  const { height, step } = await page.evaluate(() => ({
    height: document.documentElement.scrollHeight,
    step: window.innerHeight,
  }));
  for (let y = 0; y < height; y += Math.max(200, step - 200)) {
    await page.evaluate((top) => {
      window.scrollTo(0, top);
    }, y);
    // The texts are measured before and after the screenshot: if the page moved in between (a
    // late re-layout after a resize), the boxes would not match the pixels, so it is taken again.
    let runs = await visibleRuns(page);
    let png = '';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const hide = await page.addStyleTag({ content: HIDE_TEXTS });
      png = (await page.screenshot({ scale: 'css', animations: 'disabled' })).toString('base64');
      await hide.evaluate((element) => {
        element.parentNode?.removeChild(element);
      });
      const after = await visibleRuns(page);
      if (JSON.stringify(after) === JSON.stringify(runs)) break;
      runs = after;
    }
    for (const low of await measure(page, runs, png)) {
      if (!found.some((seen) => seen.text === low.text)) found.push(low);
    }
    if (y + step >= height) break;
  }
  await still.evaluate((element) => {
    element.parentNode?.removeChild(element);
  });
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  return found;
}
