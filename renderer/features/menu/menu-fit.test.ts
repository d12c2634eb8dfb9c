import { describe, expect, it } from 'vitest';
import { iconSpace, menuPanelWidth, usesCategorisedMenu, visibleIconCount } from './menu-fit';

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

  it('gives teachers of school units the categorised 780 px panel, the others 672 px', () => {
    expect(usesCategorisedMenu('2', '2')).toBe(true);
    expect(usesCategorisedMenu('4', '2')).toBe(true);
    expect(usesCategorisedMenu('2', '1')).toBe(false);
    expect(usesCategorisedMenu('3', '2')).toBe(false);
    expect(menuPanelWidth('2', '2')).toBe(780);
    expect(menuPanelWidth('1', '1')).toBe(672);
  });
});
