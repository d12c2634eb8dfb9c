// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { memo, useContext } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../core/i18n/instance';
import { initI18n } from '../core/i18n/init-i18n';
import { builtinZhCN } from '../pages/builtin-locale';
import { AppProvider } from '../ui/app-provider/app-provider';
import { BelowHeader } from './below-header';

beforeAll(async () => {
  await initI18n({ lang: 'zh-CN', builtin: builtinZhCN });
});
afterEach(cleanup);

/** What antd's dialogs get from the page's provider: their top. */
interface Seen {
  top: unknown;
}

/** A memoised antd consumer, as every header control and icon grid of the desktop is. */
const Consumer = memo(function Consumer({ seen }: { seen: Seen[] }) {
  const { modal } = useContext(ConfigProvider.ConfigContext);
  const mask = modal?.styles && 'mask' in modal.styles ? modal.styles.mask : undefined;
  seen.push({ top: (mask as { top?: unknown } | undefined)?.top });
  return null;
});

function page(count: number, seen: Seen[]) {
  return (
    <I18nextProvider i18n={i18n}>
      <AppProvider>
        <BelowHeader>
          <span>{count}</span>
          <Consumer seen={seen} />
        </BelowHeader>
      </AppProvider>
    </I18nextProvider>
  );
}

const dialogTop = () => document.documentElement.style.getPropertyValue('--edudesk-dialog-top');

describe('BelowHeader', () => {
  it('starts the dialogs below the header while the desktop is shown', () => {
    const seen: Seen[] = [];
    const { unmount } = render(page(1, seen));
    expect(seen[0]?.top).toBe('var(--edudesk-dialog-top, 0px)');
    expect(dialogTop()).toBe('var(--edudesk-header-height)');
    unmount();
    expect(dialogTop()).toBe('');
  });

  it('gives antd no new context when the shell re-renders', () => {
    const seen: Seen[] = [];
    const { rerender } = render(page(1, seen));
    rerender(page(2, seen));
    rerender(page(3, seen));
    // The consumer rendered once: the shell's later renders left antd's context alone.
    expect(seen).toHaveLength(1);
  });
});
