// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../core/i18n/instance';
import { initI18n } from '../../core/i18n/init-i18n';
import { builtinZhCN } from '../../pages/builtin-locale';
import { ClientDownloadDialog } from './client-download-dialog';
import { downloadLinks } from './download-links';
import clientDownloadEn from './locales/en.json';

beforeAll(async () => {
  await initI18n({ lang: 'zh-CN', builtin: builtinZhCN, bundled: { en: clientDownloadEn } });
});

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('zh-CN'));
});

describe('downloadLinks', () => {
  const page = 'https://school.example.cn/pages/base/pc_desktop_all/index.html';

  it('puts the electron-builder file names on the base', () => {
    expect(downloadLinks('https://cdn.example.cn/client/', '1.2.3', page)).toEqual([
      {
        kind: 'installer',
        fileName: 'EduDesk-Setup-1.2.3.exe',
        url: 'https://cdn.example.cn/client/EduDesk-Setup-1.2.3.exe',
      },
      {
        kind: 'portable',
        fileName: 'EduDesk-Portable-1.2.3.exe',
        url: 'https://cdn.example.cn/client/EduDesk-Portable-1.2.3.exe',
      },
      {
        kind: 'msi',
        fileName: 'EduDesk-1.2.3.msi',
        url: 'https://cdn.example.cn/client/EduDesk-1.2.3.msi',
      },
    ]);
  });

  it('accepts a same-origin path as base', () => {
    expect(downloadLinks('/download', '1.0.0', page)[0]?.url).toBe(
      'https://school.example.cn/download/EduDesk-Setup-1.0.0.exe',
    );
  });

  it('offers nothing on an empty or unsafe base', () => {
    expect(downloadLinks('', '1.0.0', page)).toEqual([]);
    expect(downloadLinks('  ', '1.0.0', page)).toEqual([]);
    expect(downloadLinks('javascript:alert(1)//', '1.0.0', page)).toEqual([]);
    expect(downloadLinks('ftp://files.example.cn', '1.0.0', page)).toEqual([]);
  });
});

describe('ClientDownloadDialog (spec §2)', () => {
  it('links the Windows installer and the portable package on the base', () => {
    const onClose = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <ClientDownloadDialog
          open
          onClose={onClose}
          baseUrl="https://cdn.example.cn/c"
          version="2.0.1"
        />
      </I18nextProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: '客户端下载' });
    const installer = within(dialog).getByRole('link', { name: 'Windows 安装版' });
    expect(installer.getAttribute('href')).toBe('https://cdn.example.cn/c/EduDesk-Setup-2.0.1.exe');
    expect(installer.getAttribute('rel')).toBe('noopener noreferrer');
    const portable = within(dialog).getByRole('link', { name: 'Windows 便携版' });
    expect(portable.getAttribute('href')).toBe(
      'https://cdn.example.cn/c/EduDesk-Portable-2.0.1.exe',
    );
    expect(within(dialog).getByText('Windows 桌面客户端 2.0.1')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says the address is missing rather than offering broken links', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <ClientDownloadDialog open onClose={vi.fn()} baseUrl="" />
      </I18nextProvider>,
    );
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByText('尚未配置客户端下载地址，请联系管理员。')).toBeTruthy();
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    render(
      <I18nextProvider i18n={i18n}>
        <ClientDownloadDialog open onClose={vi.fn()} baseUrl="/download" version="0.1.0" />
      </I18nextProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'Download the client' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Windows installer' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Windows portable version' })).toBeTruthy();
  });
});
