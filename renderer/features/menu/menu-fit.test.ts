import { describe, expect, it } from 'vitest';
import {
  fittingIconCount,
  iconSpace,
  MENU_COLUMN_MAX_PX,
  menuColumnWidth,
  menuPanelWidth,
  usesCategorisedMenu,
  visibleIconCount,
} from './menu-fit';

describe('menu fitting', () => {
  it('shows as many icons as fit, at most 10', () => {
    expect(visibleIconCount(0, 24)).toBe(0);
    expect(visibleIconCount(61, 24)).toBe(0);
    expect(visibleIconCount(62, 24)).toBe(1);
    expect(visibleIconCount(400, 24)).toBe(6);
    expect(visibleIconCount(2000, 24)).toBe(10);
    expect(visibleIconCount(2000, 3)).toBe(3);
  });

  it("counts the expand toggle's drawn width, so the last icon is never cut under it", () => {
    // 1280 wide, teacher01: a 430 px bar and a 112 px toggle leave room for 5 whole icons.
    expect(iconSpace(430, 112, 4)).toBe(314);
    expect(visibleIconCount(iconSpace(430, 112, 4), 24)).toBe(5);
    // Reserving one 62 px column instead let a fifth icon in, cut in half under the toggle.
    expect(visibleIconCount(iconSpace(372, 112), 24)).toBe(4);
    expect(visibleIconCount(372 - 62, 24)).toBe(5);
    expect(iconSpace(80, 112)).toBe(0);
    expect(iconSpace(Number.NaN, 112)).toBe(0);
  });

  it('widens a column for a long name, so it is drawn whole, up to a limit', () => {
    // Chinese short names (11 px: about 22 to 44 px) keep the 62 px column.
    expect(menuColumnWidth(44)).toBe(62);
    // "Attendance" and "Timetable" in 11 px are about 55 px: the column grows to hold them.
    expect(menuColumnWidth(55.4)).toBe(64);
    expect(menuColumnWidth(80)).toBe(88);
    // Beyond the limit the name is cut with an ellipsis (its tooltip has it whole).
    expect(menuColumnWidth(400)).toBe(MENU_COLUMN_MAX_PX);
    // Not measured (no layout): the spec's 62 px.
    expect(menuColumnWidth(0)).toBe(62);
    expect(menuColumnWidth(Number.NaN)).toBe(62);
  });

  it('counts icons by their own widths: only whole columns, at most 10', () => {
    expect(fittingIconCount(0, [62, 62])).toBe(0);
    expect(fittingIconCount(124, [62, 62, 62])).toBe(2);
    expect(fittingIconCount(123, [62, 62, 62])).toBe(1);
    // English at 1280 wide and 125 % zoom: wider columns, so fewer fit than 62 px would allow.
    const english = [62, 70, 62, 72, 78, 64];
    expect(fittingIconCount(250, english)).toBe(3);
    expect(visibleIconCount(250, english.length)).toBe(4);
    expect(fittingIconCount(5000, Array<number>(24).fill(62))).toBe(10);
    expect(fittingIconCount(Number.NaN, [62])).toBe(0);
  });

  it('gives teachers of school units the categorised 780 px panel, the others 672 px', () => {
    expect(usesCategorisedMenu('2', '2')).toBe(true);
    expect(usesCategorisedMenu('4', '2')).toBe(true);
    expect(usesCategorisedMenu('2', '1')).toBe(false);
    expect(usesCategorisedMenu('3', '2')).toBe(false);
    expect(menuPanelWidth('2', '2')).toBe(780);
    expect(menuPanelWidth('1', '1')).toBe(672);
  });
});
