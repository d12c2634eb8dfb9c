// @vitest-environment jsdom
import { act, cleanup, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { packageInfoPath, serverVersionPath, versionFilePath } from '../../../contract/api-paths';
import { featureTestSetup } from '../../../tests/support/feature-test';
import { reply } from '../../../tests/support/route-server';
import { i18n } from '../../core/i18n/instance';
import { attachToastSink, type ToastRequest } from '../../ui/notify/notify';
import { ABOUT_DIALOG_WIDTH, AboutDialog } from './about-dialog';
import aboutEn from './locales/en.json';
import { useVersionCheck } from './use-version-check';

const testServer = featureTestSetup(aboutEn);
const { routes, received } = testServer;

const envelope = (data: unknown, status = 200) => ({
  status,
  message: '',
  data,
  code: status === 200 ? 'ok' : 'not_found',
  fieldErrors: [],
});

function serveVersions(options: { app?: string; needsServer?: string; server?: unknown } = {}) {
  routes.set(`GET ${packageInfoPath('pages', 'base')}`, (_req, res) => {
    reply(res, 200, {
      name: 'base',
      appVersion: options.app ?? '1.2.0',
      serverVersion: options.needsServer ?? '2.0.0',
      packageDate: '2026-02-01',
    });
  });
  routes.set(`GET ${serverVersionPath('base')}`, (_req, res) => {
    reply(
      res,
      200,
      envelope(
        options.server === undefined
          ? { serverVersion: '2.0.3', webCodeVersion: '1.0.0', date: '2026-02-02' }
          : options.server,
      ),
    );
  });
  routes.set(`GET ${versionFilePath('pages', 'base')}`, (_req, res) => {
    reply(res, 200, [
      {
        version: '1.2.0',
        date: '2026-02-01',
        metto: [{ cn: '新增待办面板', en: 'To-do panel' }],
      },
      { version: '1.1.0', date: '2026-01-05', metto: [{ cn: '修复登录问题', en: 'Login fix' }] },
    ]);
  });
}

function wrap(node: ReactNode) {
  return render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
}

const toasts: ToastRequest[] = [];
let detach: () => void = () => undefined;

beforeEach(() => {
  toasts.length = 0;
  detach = attachToastSink((request) => toasts.push(request));
});

afterEach(async () => {
  detach();
  cleanup();
  await act(() => i18n.changeLanguage('zh-CN'));
});

describe('AboutDialog (spec §2)', () => {
  it('is 650 px wide and shows logo, versions, release notes and copyright', async () => {
    serveVersions();
    wrap(<AboutDialog open onClose={vi.fn()} root="pages" code="base" oam={false} />);
    expect(ABOUT_DIALOG_WIDTH).toBe(650);
    const dialog = screen.getByRole('dialog', { name: '版本信息' });
    expect(document.querySelector<HTMLElement>('.ant-modal')?.style.width).toBe('650px');
    expect(within(dialog).getByRole('img', { name: 'EduDesk 智慧教育平台' })).toBeTruthy();
    expect(await within(dialog).findByText('1.2.0 (2026-02-01)')).toBeTruthy();
    expect(within(dialog).getByText('2.0.3 (2026-02-02)')).toBeTruthy();
    expect(within(dialog).getByText('前端版本')).toBeTruthy();
    expect(within(dialog).getByText('后端版本')).toBeTruthy();
    const releases = within(dialog).getByRole('region', { name: '更新记录' });
    expect(within(releases).getByText('新增待办面板')).toBeTruthy();
    expect(within(releases).getByText('修复登录问题')).toBeTruthy();
    expect(within(dialog).getByText(/Copyright ©/)).toBeTruthy();
    const paths = received.map((call) => call.path).sort();
    expect(paths).toEqual(
      [
        '/api/base/nl/base_package_versions',
        '/pages/base-version/version.json',
        '/pages/base/package.json',
      ].sort(),
    );
    // The raw files are plain JSON and the envelope call skips the global toasts.
    expect(toasts).toHaveLength(0);
  });

  it('hides the company logo and the copyright when the OAM flag is set', async () => {
    serveVersions();
    wrap(<AboutDialog open onClose={vi.fn()} root="pages" code="base" oam />);
    await screen.findByText('1.2.0 (2026-02-01)');
    expect(screen.queryByRole('img', { name: 'EduDesk 智慧教育平台' })).toBeNull();
    expect(screen.queryByText(/Copyright ©/)).toBeNull();
  });

  it('shows unknown versions and no notes when nothing answers', async () => {
    wrap(<AboutDialog open onClose={vi.fn()} root="pages" code="base" oam={false} />);
    await waitFor(() => {
      expect(screen.getAllByText('未知')).toHaveLength(2);
    });
    expect(screen.getByText('暂无更新记录')).toBeTruthy();
  });

  it('speaks English, notes included', async () => {
    await act(() => i18n.changeLanguage('en'));
    serveVersions();
    wrap(<AboutDialog open onClose={vi.fn()} root="pages" code="base" oam={false} />);
    expect(await screen.findByText('To-do panel')).toBeTruthy();
    expect(screen.getByText('Login fix')).toBeTruthy();
    expect(screen.getByText('Front-end version')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Version info' })).toBeTruthy();
  });
});

describe('useVersionCheck (spec §4, §8)', () => {
  function check() {
    return renderHook(() => useVersionCheck('pages', 'base'), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
      ),
    });
  }

  it('is quiet when the versions agree', async () => {
    serveVersions();
    const { result } = check();
    expect(result.current.kind).toBe('checking');
    await waitFor(() => {
      expect(result.current.kind).toBe('ok');
    });
    expect(toasts).toHaveLength(0);
  });

  it('alerts when the front end depends on a newer server version', async () => {
    serveVersions({ needsServer: '2.0.10' });
    const { result } = check();
    await waitFor(() => {
      expect(result.current.kind).toBe('server-too-old');
    });
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({
      type: 'warning',
      title: '版本提醒',
      description:
        '当前前端版本依赖更高版本的后端服务（需要 2.0.10 及以上，当前为 2.0.3），请升级后端服务！',
      duration: 0,
    });
  });

  it('alerts when the back end depends on a newer front end', async () => {
    serveVersions({
      server: { serverVersion: '2.0.3', webCodeVersion: '1.10.0', date: '2026-02-02' },
    });
    const { result } = check();
    await waitFor(() => {
      expect(result.current.kind).toBe('front-end-too-old');
    });
    expect(toasts[0]?.description).toBe(
      '当前后端服务依赖更高版本的前端（需要 1.10.0 及以上，当前为 1.2.0），请升级前端！',
    );
  });

  it('tells to contact the back-end engineer when the version interface is missing (404)', async () => {
    serveVersions();
    routes.delete(`GET ${serverVersionPath('base')}`);
    const { result } = check();
    await waitFor(() => {
      expect(result.current.kind).toBe('missing-interface');
    });
    expect(toasts[0]).toMatchObject({
      type: 'warning',
      description: '微服务 base 缺少版本接口，请联系后端工程师！',
    });
  });

  it('treats an empty result like a missing interface, in English too', async () => {
    await act(() => i18n.changeLanguage('en'));
    serveVersions({ server: null });
    const { result } = check();
    await waitFor(() => {
      expect(result.current.kind).toBe('missing-interface');
    });
    expect(toasts[0]?.description).toBe(
      'The micro-service base has no version interface. Please contact the back-end engineer.',
    );
  });

  it('treats an envelope 404 like a missing interface', async () => {
    serveVersions();
    routes.set(`GET ${serverVersionPath('base')}`, (_req, res) => {
      reply(res, 404, envelope(null, 404));
    });
    const { result } = check();
    await waitFor(() => {
      expect(result.current.kind).toBe('missing-interface');
    });
  });
});
