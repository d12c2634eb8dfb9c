/**
 * The desktop's layout rules: a centred layout that uses the screen. Pure: the shell
 * turns the answer into CSS variables, so the same rules hold at 100 % and 125 % zoom (a zoomed
 * page is a narrower page in CSS pixels) and in both layouts (the left menu takes its width
 * off first).
 */
export interface DesktopGrid {
  /** The centred content's width, in CSS px. */
  contentWidth: number;
  /** The application icon's size and the width of one grid cell. */
  iconSize: number;
  cellWidth: number;
  /** Icons per row of a full-width section. */
  columns: number;
  /** Side by side category sections (spec §3 menu categories): each at least three icons wide. */
  tracks: number;
}

/** The gap between grid cells (desktop.css .desktop .app-grid). */
export const DESKTOP_GRID_GAP_PX = 12;
/** Room either side of the content on narrow screens. */
export const DESKTOP_MIN_MARGIN_PX = 24;
/** Share of a wide screen the content takes: the rest is the theme's backdrop. */
export const DESKTOP_WIDE_SHARE = 0.86;
/** Up to this width the content simply fills the page less its margins. */
export const DESKTOP_FILL_BELOW_PX = 1440;
export const DESKTOP_MIN_COLUMNS = 4;
export const DESKTOP_MAX_COLUMNS = 14;
/** The gap between category sections, and room for their padding and border (desktop.css). */
export const DESKTOP_SECTION_GAP_PX = 16;
export const DESKTOP_SECTION_PADDING_PX = 20;
/** A category section is at least this many icons wide. */
export const ICONS_PER_SECTION = 3;
/** Room under an icon for a name of about six Chinese characters or one English word. */
const LABEL_ROOM_PX = 56;

export function desktopIconSize(pageWidth: number): number {
  if (pageWidth >= 2400) return 64;
  if (pageWidth >= 1800) return 56;
  return 48;
}

/** The grid for a page of `pageWidth` CSS px whose menu (left layout) takes `menuWidth`. */
export function desktopGrid(pageWidth: number, menuWidth = 0): DesktopGrid {
  const width = Math.max(0, (Number.isFinite(pageWidth) ? pageWidth : 0) - Math.max(0, menuWidth));
  const filled = width - 2 * DESKTOP_MIN_MARGIN_PX;
  const contentWidth = Math.max(
    0,
    Math.round(
      pageWidth <= DESKTOP_FILL_BELOW_PX ? filled : Math.min(filled, width * DESKTOP_WIDE_SHARE),
    ),
  );
  const iconSize = desktopIconSize(pageWidth);
  const cellWidth = iconSize + LABEL_ROOM_PX;
  const fit = Math.floor((contentWidth + DESKTOP_GRID_GAP_PX) / (cellWidth + DESKTOP_GRID_GAP_PX));
  const columns = Math.min(DESKTOP_MAX_COLUMNS, Math.max(DESKTOP_MIN_COLUMNS, fit));
  const sectionWidth =
    ICONS_PER_SECTION * cellWidth +
    (ICONS_PER_SECTION - 1) * DESKTOP_GRID_GAP_PX +
    2 * DESKTOP_SECTION_PADDING_PX;
  const tracks = Math.max(
    1,
    Math.floor((contentWidth + DESKTOP_SECTION_GAP_PX) / (sectionWidth + DESKTOP_SECTION_GAP_PX)),
  );
  return { contentWidth, iconSize, cellWidth, columns, tracks };
}

/**
 * How many of the `tracks` side-by-side places a category of `appCount` icons takes: a short
 * category shares its row with others, a long one takes as many places as it fills.
 */
export function categorySpan(appCount: number, tracks: number): number {
  const wanted = Math.ceil(Math.max(appCount, 1) / ICONS_PER_SECTION);
  return Math.max(1, Math.min(tracks, wanted));
}
