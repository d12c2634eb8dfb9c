import { describe, expect, it } from 'vitest';
import { LANGUAGE_LIST_ERROR } from '../core/i18n/language-list';
import { assertGlobalPh, checkInitConfig, PH_MISSING_ERROR } from './init-config';

describe('PH.init config (spec §3, §5)', () => {
  it('requires code and appCode, naming the missing one', () => {
    expect(() => checkInitConfig({ appCode: 'tzgg' })).toThrow('PH.init: code is required');
    expect(() => checkInitConfig({ code: 'tzgg' })).toThrow('PH.init: appCode is required');
    expect(() => checkInitConfig({ code: ' ', appCode: 'tzgg' })).toThrow('code is required');
    expect(() => checkInitConfig(undefined)).toThrow('code is required');
  });

  it('offers zh-CN and en by default; a language list must be an array', () => {
    expect(checkInitConfig({ code: 'a', appCode: 'a' }).langList.map((one) => one.value)).toEqual([
      'zh-CN',
      'en',
    ]);
    expect(
      checkInitConfig({ code: 'a', appCode: 'a', langList: ['zh-CN', 'zh-HK', 'en'] }).langList.map(
        (one) => one.value,
      ),
    ).toEqual(['zh-CN', 'zh-HK', 'en']);
    expect(() => checkInitConfig({ code: 'a', appCode: 'a', langList: 'zh-CN' })).toThrow(
      '数据类型错误，语言列表必须是数组！',
    );
    expect(LANGUAGE_LIST_ERROR).toBe('数据类型错误，语言列表必须是数组！');
  });

  it('requires the global PH object', () => {
    expect(() => {
      assertGlobalPh({});
    }).toThrow(PH_MISSING_ERROR);
    expect(() => {
      assertGlobalPh({ PH: {} });
    }).not.toThrow();
  });
});
