import { describe, expect, it } from 'vitest';
import type { UnitLoginConfig } from '../../../contract/auth';
import { footerModel, parseDecorationSet, unitNameInLanguage } from './decoration-set';

function config(decorationSet: string, overrides: Partial<UnitLoginConfig> = {}): UnitLoginConfig {
  return {
    unitId: '1001',
    unitName: '阳光实验小学',
    unitEnName: 'Sunshine',
    unitType: '2',
    unitImgPath: '/api/storage/show/unit/1001',
    footer: '信息中心',
    link: 'https://example.edu.cn/',
    baImg: '',
    baContent: '',
    baUrl: '',
    helpCenter: true,
    decorationSet,
    ...overrides,
  };
}

describe('decorationSet', () => {
  it('parses the JSON string and never throws on bad input', () => {
    expect(parseDecorationSet('{"defaultLanguage":"en"}')).toEqual({ defaultLanguage: 'en' });
    expect(parseDecorationSet('{not json')).toBeNull();
    expect(parseDecorationSet('[1,2]')).toBeNull();
    expect(parseDecorationSet(42)).toBeNull();
    expect(parseDecorationSet('')).toBeNull();
  });

  it('gives the footer its copyright, text, link and filing entries', () => {
    const model = footerModel(
      config(
        JSON.stringify({
          footerMsg: {
            show: true,
            showBaMsg: true,
            helpCenter: true,
            copyright: '© 2026',
            baList: [
              {
                baUrl: 'https://beian.miit.gov.cn/',
                baImg: '',
                baContent: 'ICP 1',
                showImg: false,
              },
              { baUrl: 'x', baImg: '/img', baContent: 'PSB 2', showImg: true },
              'garbage',
            ],
          },
        }),
      ),
    );
    expect(model).toEqual({
      show: true,
      copyright: '© 2026',
      footerText: '信息中心',
      footerLink: 'https://example.edu.cn/',
      filings: [
        { baUrl: 'https://beian.miit.gov.cn/', baImg: '', baContent: 'ICP 1', showImg: false },
        { baUrl: 'x', baImg: '/img', baContent: 'PSB 2', showImg: true },
      ],
      helpCenter: true,
    });
  });

  it('hides the filings when showBaMsg is false and the footer when show is false', () => {
    const decoration = (footerMsg: object) => JSON.stringify({ footerMsg });
    expect(
      footerModel(config(decoration({ showBaMsg: false, baList: [{ baContent: 'x' }] }))).filings,
    ).toEqual([]);
    expect(footerModel(config(decoration({ show: false }))).show).toBe(false);
  });

  it('falls back to the top-level filing entry of older configs', () => {
    const model = footerModel(
      config('', { baContent: 'ICP 9', baUrl: 'https://b/', baImg: '/i.png' }),
    );
    expect(model.filings).toEqual([
      { baUrl: 'https://b/', baImg: '/i.png', baContent: 'ICP 9', showImg: true },
    ]);
  });

  it('is empty without a config', () => {
    expect(footerModel(null)).toMatchObject({ show: true, filings: [], footerText: '' });
  });
});

describe('unitNameInLanguage', () => {
  const unit = { unitName: '阳光实验小学', unitEnName: 'Sunshine Experimental Primary School' };

  it('names the unit by its English name in English', () => {
    expect(unitNameInLanguage('© 2026 阳光实验小学', unit, 'en')).toBe(
      '© 2026 Sunshine Experimental Primary School',
    );
  });

  it('keeps the text in Chinese, or when the unit has no English name', () => {
    expect(unitNameInLanguage('© 2026 阳光实验小学', unit, 'zh-CN')).toBe('© 2026 阳光实验小学');
    expect(unitNameInLanguage('© 2026 阳光实验小学', unit, 'zh-HK')).toBe('© 2026 阳光实验小学');
    expect(
      unitNameInLanguage('© 2026 阳光实验小学', { unitName: '阳光实验小学', unitEnName: '' }, 'en'),
    ).toBe('© 2026 阳光实验小学');
    expect(unitNameInLanguage('© 2026', null, 'en')).toBe('© 2026');
  });
});
