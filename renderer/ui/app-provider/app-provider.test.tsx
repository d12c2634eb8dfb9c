// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider, Modal } from 'antd';
import { useContext, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../core/i18n/instance';
import { initI18n } from '../../core/i18n/init-i18n';
import { builtinZhCN } from '../../pages/builtin-locale';
import { loadAntdLocale, loadedAntdLocale } from './antd-locale';
import { AppProvider } from './app-provider';

beforeAll(async () => {
  await initI18n({ lang: 'zh-CN', builtin: builtinZhCN });
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('zh-CN');
});

/** Counts its mounts: a page's effects (its requests) run once per mount. */
function Page({ mounts }: { mounts: string[] }) {
  useEffect(() => {
    mounts.push('mount');
  }, [mounts]);
  return (
    <Modal open title="t" getContainer={false}>
      body
    </Modal>
  );
}

function renderPage(mounts: string[]) {
  return render(
    <I18nextProvider i18n={i18n}>
      <AppProvider>
        <Page mounts={mounts} />
      </AppProvider>
    </I18nextProvider>,
  );
}

describe('AppProvider', () => {
  it("keeps the page mounted while antd's texts load and when the language changes", async () => {
    const mounts: string[] = [];
    renderPage(mounts);
    // antd's zh-CN texts arrive after the first render here (nothing preloaded them).
    await waitFor(() => {
      expect(screen.getByRole('button', { name: /确\s*定/ })).toBeTruthy();
    });
    await act(() => i18n.changeLanguage('en'));
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'OK' })).toBeTruthy();
    });
    await act(() => i18n.changeLanguage('zh-HK'));
    await waitFor(() => {
      expect(screen.getByRole('button', { name: /確\s*定/ })).toBeTruthy();
    });
    expect(mounts).toEqual(['mount']);
  });

  it("shows a language's antd texts on the first render once loaded beforehand", async () => {
    await loadAntdLocale('zh-CN');
    expect(loadedAntdLocale('zh-CN')?.locale).toBe('zh-cn');
    renderPage([]);
    expect(screen.getByRole('button', { name: /取\s*消/ })).toBeTruthy();
  });

  it("turns antd's click ripple off for the whole page (the sign-in button's among them)", () => {
    const waves: unknown[] = [];
    /** A button of the page, as antd configures its wave from the page's provider. */
    function Wave() {
      waves.push(useContext(ConfigProvider.ConfigContext).wave);
      return null;
    }
    render(
      <I18nextProvider i18n={i18n}>
        <AppProvider>
          <Wave />
        </AppProvider>
      </I18nextProvider>,
    );
    expect(waves.at(-1)).toEqual({ disabled: true });
  });
});
