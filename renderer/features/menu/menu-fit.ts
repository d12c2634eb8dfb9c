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

/** Teachers (types 2 and 4) in a school unit (unitType 2) see the categorised, draggable menu. */
export function usesCategorisedMenu(userType: string, unitType: string): boolean {
  return (userType === '2' || userType === '4') && unitType === '2';
}

export function menuPanelWidth(userType: string, unitType: string): number {
  return usesCategorisedMenu(userType, unitType) ? MENU_PANEL_WIDE_PX : MENU_PANEL_NARROW_PX;
}
