import { describe, expect, it } from 'vitest';
import { readPageQuery } from './page-query';

describe('readPageQuery (spec §2)', () => {
  it('reads pagemodel, replaceThemeColor, paltformModel and redirectCode', () => {
    expect(
      readPageQuery({
        search: '?pagemodel=content&replaceThemeColor=e31d1a&paltformModel=app&redirectCode=tzgg',
        hash: '',
      }),
    ).toEqual({
      contentOnly: true,
      replaceThemeColor: '#e31d1a',
      platformModel: 'app',
      redirectCode: 'tzgg',
    });
  });

  it('reads the hash query of hash routing, and drops values that are not usable', () => {
    expect(
      readPageQuery({
        search: '',
        hash: '#/list?pagemodel=full&replaceThemeColor=red&paltformModel=<x>',
      }),
    ).toEqual({
      contentOnly: false,
      replaceThemeColor: null,
      platformModel: null,
      redirectCode: null,
    });
    expect(
      readPageQuery({ search: '?replaceThemeColor=%23457CD6', hash: '' }).replaceThemeColor,
    ).toBe('#457CD6');
  });

  it('does not know the correctly spelt name on the wire', () => {
    expect(readPageQuery({ search: '?platformModel=app', hash: '' }).platformModel).toBeNull();
  });
});
