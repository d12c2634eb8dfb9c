// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DESKTOP_API } from '../../../contract/api-paths';
import { featureTestSetup } from '../../../tests/support/feature-test';
import { reply } from '../../../tests/support/route-server';
import { i18n } from '../../core/i18n/instance';
import { ExpiryDialog } from './expiry-dialog';
import { ExpiryTable } from './expiry-table';
import expiryEn from './locales/en.json';
import { ModuleExpiredBlock } from './module-expired-block';
import { ModuleExpiredGate } from './module-expired-gate';

const testServer = featureTestSetup(expiryEn);
const { routes, received } = testServer;

const now = Date.parse('2026-03-01T00:00:00+08:00');
const day = 86_400_000;

const modules = [
  { code: 'oa', name: '办公系统|||Office', endTime: '2027-03-01 00:00:00' },
  { code: 'edu', name: '教务管理', endTime: '2026-02-01 00:00:00' },
  // The epoch time wins over the text when both are there.
  { code: 'kq', name: '考勤', endTime: '2026-03-31 00:00:00', endTimestamp: now + 30 * day },
  { code: 'zz', name: '自主学习', endTime: '', endTimestamp: now - day },
];

function wrap(node: ReactNode) {
  return render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
}

function bodyRows(): string[][] {
  return screen
    .getAllByRole('row')
    .slice(1)
    .filter((row) => !row.getAttribute('aria-hidden'))
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    )
    .filter((cells) => cells.some((text) => text !== ''));
}

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('zh-CN'));
});

describe('ExpiryTable (spec §2, §4)', () => {
  it('shows name, expiry time and status, ordered expired, soon, in use', () => {
    wrap(<ExpiryTable items={modules} now={now} />);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      '模块名称',
      '到期时间',
      '状态',
    ]);
    expect(bodyRows()).toEqual([
      ['教务管理', '2026-02-01 00:00:00', '已到期'],
      ['自主学习', '2026-02-28 00:00:00', '已到期'],
      ['考勤', '2026-03-31 00:00:00', '即将到期'],
      ['办公系统', '2027-03-01 00:00:00', '使用中'],
    ]);
  });

  it('speaks English with the spec status texts', async () => {
    await act(() => i18n.changeLanguage('en'));
    wrap(<ExpiryTable items={modules} now={now} />);
    expect(bodyRows().map((cells) => cells[2])).toEqual([
      'Expired',
      'Expired',
      'Soon to expire',
      'In use',
    ]);
    expect(bodyRows()[3]?.[0]).toBe('Office');
  });

  it('says so when there is nothing to show', () => {
    wrap(<ExpiryTable items={[]} now={now} />);
    expect(screen.getByText('暂无模块授权信息')).toBeTruthy();
  });
});

describe('ExpiryDialog', () => {
  it('shows the given modules and closes by its button or Esc', () => {
    const onClose = vi.fn();
    wrap(<ExpiryDialog open onClose={onClose} modules={modules} />);
    const dialog = screen.getByRole('dialog', { name: '模块到期提醒' });
    expect(within(dialog).getByText('教务管理')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '知道了' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(received).toHaveLength(0);
  });

  it("loads the unit's licences when no modules are given", async () => {
    routes.set(`GET ${DESKTOP_API.licenseUnitOam}`, (_req, res) => {
      reply(res, 200, {
        status: 200,
        message: '',
        code: 'ok',
        fieldErrors: [],
        data: [
          {
            code: 'oa',
            name: '办公系统',
            endTime: '2020-01-01 00:00:00',
            endTimestamp: Date.parse('2020-01-01T00:00:00+08:00'),
            dqstatus: 3,
            statusText: '已到期',
          },
        ],
      });
    });
    wrap(<ExpiryDialog open onClose={vi.fn()} unitId="1001" />);
    expect(await screen.findByText('办公系统')).toBeTruthy();
    expect(screen.getByText('已到期')).toBeTruthy();
    expect(received[0]?.query.get('unitId')).toBe('1001');
  });

  it('shows an empty table when the licences cannot be loaded', async () => {
    wrap(<ExpiryDialog open onClose={vi.fn()} unitId="1001" />);
    await waitFor(() => {
      expect(screen.getByText('暂无模块授权信息')).toBeTruthy();
    });
  });
});

describe('ModuleExpiredBlock (spec §2, §4, §8)', () => {
  it("shows '该模块已到期，请联系管理员！' with no way to close it", () => {
    wrap(<ModuleExpiredBlock open />);
    const dialog = screen.getByRole('dialog', { name: '模块已到期' });
    expect(within(dialog).getByRole('alert').textContent).toBe('该模块已到期，请联系管理员！');
    expect(within(dialog).queryAllByRole('button')).toHaveLength(0);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    const mask = document.querySelector('.ant-modal-wrap');
    if (mask) fireEvent.click(mask);
    expect(screen.getByRole('dialog', { name: '模块已到期' })).toBeTruthy();
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    wrap(<ModuleExpiredBlock open />);
    expect(screen.getByRole('alert').textContent).toBe(
      'This module has expired. Please contact the administrator!',
    );
  });

  it('renders nothing when not open', () => {
    wrap(<ModuleExpiredBlock open={false} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ModuleExpiredGate (the block, loaded when the licence has expired)', () => {
  it('shows the blocking dialog once its code has loaded', async () => {
    wrap(<ModuleExpiredGate expired />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('alert').textContent).not.toBe('');
    expect(within(dialog).queryAllByRole('button')).toHaveLength(0);
  });

  it('renders nothing while the licence holds', () => {
    wrap(<ModuleExpiredGate expired={false} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
