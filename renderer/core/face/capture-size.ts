import { FACE } from '../../../contract/face';

/** A CSS length: a number is pixels, a string is used as written ('100%', '30rem'). */
export type CssSize = number | string;

/**
 * A width or height setting (spec §3: number or string, default empty): empty means not given;
 * a number or a numeric text ('480', '480px') is pixels; any other text is a CSS length.
 */
export function toCssSize(value: number | string | null | undefined): CssSize | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? value : undefined;
  const text = value.trim();
  if (text === '') return undefined;
  const pixels = /^(\d+(?:\.\d+)?)(?:px)?$/i.exec(text);
  if (pixels) {
    const number = Number(pixels[1]);
    return number > 0 ? number : undefined;
  }
  return text;
}

export interface CaptureSizeInput {
  /** The viewport's width (window.innerWidth). */
  viewportWidth: number;
  /** document.body's client size, used on narrow viewports. */
  bodyWidth: number;
  bodyHeight: number;
  width?: number | string | null | undefined;
  height?: number | string | null | undefined;
}

/**
 * The size of the camera view (spec §9): on viewports wider than 760 px, the given width and
 * height or 480; otherwise the full body size.
 */
export function captureSize(input: CaptureSizeInput): { width: CssSize; height: CssSize } {
  if (input.viewportWidth > FACE.wideViewportPx) {
    return {
      width: toCssSize(input.width) ?? FACE.resultWidth,
      height: toCssSize(input.height) ?? FACE.resultHeight,
    };
  }
  return { width: input.bodyWidth, height: input.bodyHeight };
}

/**
 * Where the guide shows on a view of the given size when the video fills it with
 * `object-fit: cover` (scaled to cover, centred): a square 35 % of the video's width.
 */
export function guideOnView(
  video: { width: number; height: number },
  view: { width: number; height: number },
  ratio: number = FACE.guideWidthRatio,
): { left: number; top: number; size: number } | null {
  if (video.width <= 0 || video.height <= 0 || view.width <= 0 || view.height <= 0) return null;
  const scale = Math.max(view.width / video.width, view.height / video.height);
  const size = video.width * ratio * scale;
  return { left: (view.width - size) / 2, top: (view.height - size) / 2, size };
}
