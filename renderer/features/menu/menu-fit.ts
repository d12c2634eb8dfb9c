/**
 * How many icons the top menu shows (spec §2, §9): as many as fit the width, at most 10, each
 * column about 60 to 62 px; the rest go behind the expand toggle. Pure.
 */
export const MENU_MAX_ICONS = 10;
export const MENU_COLUMN_PX = 62;
/** The expanded panel's width: teachers in school units see categories (spec §2). */
export const MENU_PANEL_WIDE_PX = 780;
export const MENU_PANEL_NARROW_PX = 672;

/**
 * The width the bar's icons may use: the bar minus the expand toggle as it is drawn (its label
 * is longer in English than in Chinese) and the gap before it. Pure.
 */
export function iconSpace(barWidth: number, toggleWidth: number, gap = 0): number {
  if (!Number.isFinite(barWidth) || !Number.isFinite(toggleWidth)) return 0;
  return Math.max(0, barWidth - Math.max(0, toggleWidth) - Math.max(0, gap));
}

export function visibleIconCount(availableWidth: number, iconCount: number): number {
  if (!Number.isFinite(availableWidth) || availableWidth <= 0) return 0;
  const fit = Math.floor(availableWidth / MENU_COLUMN_PX);
  return Math.max(0, Math.min(fit, MENU_MAX_ICONS, iconCount));
}

/**
 * A column grows past 62 px for a name that needs it (English names are longer: "Attendance",
 * "Timetable"), up to this width; a longer name is cut with an ellipsis and shown whole in the
 * icon's tooltip and accessible name.
 */
export const MENU_COLUMN_MAX_PX = 112;
/** Room beside a name inside its column: the button's padding (top-menu.css, 2 px each side) and 2 px either side to spare. */
export const MENU_LABEL_ROOM_PX = 8;

/** The width of the column for a name drawn `labelWidth` px wide (0 when unknown). Pure. */
export function menuColumnWidth(labelWidth: number): number {
  if (!Number.isFinite(labelWidth) || labelWidth <= 0) return MENU_COLUMN_PX;
  return Math.min(
    MENU_COLUMN_MAX_PX,
    Math.max(MENU_COLUMN_PX, Math.ceil(labelWidth + MENU_LABEL_ROOM_PX)),
  );
}

/**
 * How many of the icons, in order, fit whole in `availableWidth` when each takes its own
 * column width (menuColumnWidth): the first that would overflow and all after it go behind
 * the toggle; at most 10. Pure.
 */
export function fittingIconCount(availableWidth: number, columnWidths: readonly number[]): number {
  if (!Number.isFinite(availableWidth) || availableWidth <= 0) return 0;
  let used = 0;
  let count = 0;
  for (const width of columnWidths) {
    if (count >= MENU_MAX_ICONS || used + width > availableWidth) break;
    used += width;
    count += 1;
  }
  return count;
}

/** Teachers (types 2 and 4) in a school unit (unitType 2) see the categorised, draggable menu. */
export function usesCategorisedMenu(userType: string, unitType: string): boolean {
  return (userType === '2' || userType === '4') && unitType === '2';
}

export function menuPanelWidth(userType: string, unitType: string): number {
  return usesCategorisedMenu(userType, unitType) ? MENU_PANEL_WIDE_PX : MENU_PANEL_NARROW_PX;
}
