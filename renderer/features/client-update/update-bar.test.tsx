// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { HostApi, HostUpdateStatus } from '../../../contract/host';
import { featureTestSetup } from '../../../tests/support/feature-test';
import { createWebHost } from '../../core/host';
import en from './locales/en.json';
import { UpdateBar } from './update-bar';

featureTestSetup(en);

afterEach(() => {
  cleanup();
});

/** A desktop host answering the given status and recording restarts. */
function hostWith(status: HostUpdateStatus) {
  const restarts: string[] = [];
  const host: HostApi = {
    ...createWebHost(),
    kind: 'desktop',
    getUpdateStatus: () => Promise.resolve(status),
    restartToUpdate: () => {
      restarts.push('restart');
      return Promise.resolve();
    },
  };
  return { host, restarts };
}

describe('the client update bar', () => {
  it('offers the restart once the update is ready, and asks the host for it', async () => {
    const { host, restarts } = hostWith({ state: 'ready', version: '1.2.0' });
    render(<UpdateBar host={host} />);
    expect(await screen.findByText('EduDesk 1.2.0 已下载完成，重启即可更新。')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '重启以更新' }));
    expect(restarts).toEqual(['restart']);
  });

  it('tells an MSI install that IT installs it, without a download', async () => {
    const { host } = hostWith({ state: 'available', version: '1.2.0', install: 'msi' });
    render(<UpdateBar host={host} />);
    expect(await screen.findByText('EduDesk 有新版本 1.2.0，将由学校 IT 人员安装。')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('gives a portable copy the download link', async () => {
    const url = 'https://edu.example.org/client/updates/win/EduDesk-Portable-1.2.0.exe';
    const { host } = hostWith({
      state: 'available',
      version: '1.2.0',
      install: 'portable',
      downloadUrl: url,
    });
    render(<UpdateBar host={host} />);
    const link = await screen.findByRole('link', { name: /下\s*载/ });
    expect(link.getAttribute('href')).toBe(url);
  });

  it('hides when closed, and shows nothing on a host without updates', async () => {
    const { host } = hostWith({ state: 'available', version: '1.2.0', install: 'msi' });
    render(<UpdateBar host={host} />);
    await screen.findByRole('status');
    await userEvent.click(screen.getByRole('button', { name: '稍后' }));
    expect(screen.queryByRole('status')).toBeNull();
    cleanup();

    const { container } = render(<UpdateBar host={createWebHost()} />);
    expect(container.innerHTML).toBe('');
  });
});
