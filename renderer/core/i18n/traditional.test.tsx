// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './instance';
import { loadTraditional, serverText, traditionalReady, useServerText } from './traditional';

/** Every zh-HK text of the product (the locales of every folder). */
const zhHkLocales = import.meta.glob<Record<string, unknown>>('../../**/locales/zh-HK.json', {
  eager: true,
  import: 'default',
});

function texts(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => texts(inner, `${path}.${key}`));
}

function Shown({ text }: { text: string }) {
  const local = useServerText();
  return <p>{local(text)}</p>;
}

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('zh-CN');
});

// The order matters: the converter is loaded once per test file, by the second test.
describe('server texts in the user script', () => {
  it('shows a text as the server wrote it until the converter has loaded', () => {
    expect(traditionalReady()).toBe(false);
    expect(serverText('数据驾驶舱', 'zh-HK')).toBe('数据驾驶舱');
  });

  it('converts to Traditional characters in zh-HK only, phrase by phrase', async () => {
    await loadTraditional();
    expect(traditionalReady()).toBe(true);
    expect(serverText('数据驾驶舱', 'zh-HK')).toBe('數據駕駛艙');
    expect(serverText('网盘空间已使用 80%，请及时清理', 'zh-HK')).toBe(
      '網盤空間已使用 80%，請及時清理',
    );
    // One character, two Traditional ones: the phrase decides.
    expect(serverText('头发和发展', 'zh-HK')).toBe('頭髮和發展');
    expect(serverText('数据驾驶舱', 'zh-CN')).toBe('数据驾驶舱');
    expect(serverText('协同办公', 'en')).toBe('协同办公');
  });

  it('takes the language half of a bilingual text first', () => {
    expect(serverText('协同办公|||Office', 'en')).toBe('Office');
    expect(serverText('协同办公|||Office', 'zh-HK')).toBe('協同辦公');
    expect(serverText('协同办公|||Office', 'zh-CN')).toBe('协同办公');
  });

  it("writes a character as the product's own zh-HK texts do", () => {
    expect(serverText('用户名或密码错误，请再说一遍', 'zh-HK')).toBe(
      '用戶名或密碼錯誤，請再說一遍',
    );
    const all = Object.entries(zhHkLocales).flatMap(([file, locale]) => texts(locale, file));
    expect(all.length).toBeGreaterThan(100);
    for (const [key, text] of all) expect(serverText(text, 'zh-HK'), key).toBe(text);
  });

  it('renders components in zh-HK converted, and in zh-CN as written', async () => {
    await act(async () => {
      await i18n.changeLanguage('zh-HK');
    });
    render(
      <I18nextProvider i18n={i18n}>
        <Shown text="来自：数据驾驶舱" />
      </I18nextProvider>,
    );
    await screen.findByText('來自：數據駕駛艙');
    await act(async () => {
      await i18n.changeLanguage('zh-CN');
    });
    await screen.findByText('来自：数据驾驶舱');
  });
});
