// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DESKTOP_API } from '../../../contract/api-paths';
import type { Child } from '../../../contract/auth';
import { featureTestSetup } from '../../../tests/support/feature-test';
import { reply } from '../../../tests/support/route-server';
import { i18n } from '../../core/i18n/instance';
import { useSession } from '../../core/session/session-store';
import type { CurrentUser } from '../../core/session/user-mapper';
import { ChildPicker } from './child-picker';
import { childRows } from './child-rows';
import childPickerEn from './locales/en.json';

const testServer = featureTestSetup(childPickerEn);
const { routes, received } = testServer;

const kids: Child[] = [
  {
    id: '301',
    realName: '张小明',
    gradeName: '三年级',
    className: '2班',
    status: 1,
    parentId: '201',
  },
  {
    id: '302',
    realName: '张小红',
    gradeName: '一年级',
    className: '1班',
    status: 1,
    parentId: '201',
  },
  {
    id: '303',
    realName: '张小刚',
    gradeName: '五年级',
    className: '3班',
    status: 0,
    parentId: '201',
  },
];

function renderPicker(closable = true) {
  const props = { onChosen: vi.fn(), onClose: vi.fn() };
  render(
    <I18nextProvider i18n={i18n}>
      <ChildPicker open currentChildId="301" closable={closable} {...props}>
        {kids}
      </ChildPicker>
    </I18nextProvider>,
  );
  return props;
}

function acceptChoice() {
  routes.set(`POST ${DESKTOP_API.setParentChild}`, (_req, res) => {
    reply(res, 200, { status: 200, message: '', data: 'success', code: 'ok', fieldErrors: [] });
  });
}

beforeEach(() => {
  useSession.setState({ status: 'logged-in', user: { userId: '201' } as CurrentUser });
});

afterEach(async () => {
  cleanup();
  useSession.setState({ status: 'unknown', user: null });
  await act(() => i18n.changeLanguage('zh-CN'));
});

describe('childRows', () => {
  it('keeps the order, marks the current child and lets only active children be entered', () => {
    expect(childRows(kids, '302').map((row) => [row.child.id, row.enterable, row.current])).toEqual(
      [
        ['301', true, false],
        ['302', true, true],
        ['303', false, false],
      ],
    );
  });
});

describe('ChildPicker (spec §2)', () => {
  it('lists name, grade and class with an enter button per child', () => {
    renderPicker();
    const dialog = screen.getByRole('dialog', { name: '选择孩子' });
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['姓名', '年级', '班级', '操作']);
    expect(within(dialog).getByText('三年级')).toBeTruthy();
    expect(within(dialog).getByText('2班')).toBeTruthy();
    expect(within(dialog).getByText(/张小明/).textContent).toContain('当前');
    expect(within(dialog).getByText(/张小刚/).textContent).toContain('未激活');
    const enter = within(dialog).getByRole<HTMLButtonElement>('button', { name: '进入 张小刚' });
    expect(enter.disabled).toBe(true);
  });

  it('posts the choice with the parent id and the child fields, then calls onChosen', async () => {
    acceptChoice();
    const { onChosen } = renderPicker();
    fireEvent.click(screen.getByRole('button', { name: '进入 张小红' }));
    await waitFor(() => {
      expect(onChosen).toHaveBeenCalledWith(kids[1]);
    });
    const [call] = received;
    expect(call?.query.get('parentId')).toBe('201');
    const body = new URLSearchParams(call?.body);
    expect(Object.fromEntries(body)).toEqual({
      id: '302',
      realName: '张小红',
      gradeName: '一年级',
      className: '1班',
      status: '1',
      parentId: '201',
    });
  });

  it('does not call onChosen when the server refuses', async () => {
    routes.set(`POST ${DESKTOP_API.setParentChild}`, (_req, res) => {
      reply(res, 200, {
        status: 403,
        message: 'no',
        data: null,
        code: 'forbidden',
        fieldErrors: [],
      });
    });
    const { onChosen } = renderPicker();
    fireEvent.click(screen.getByRole('button', { name: '进入 张小红' }));
    await waitFor(() => {
      expect(received).toHaveLength(1);
    });
    await waitFor(() => {
      expect(screen.getByRole<HTMLButtonElement>('button', { name: '进入 张小明' }).disabled).toBe(
        false,
      );
    });
    expect(onChosen).not.toHaveBeenCalled();
  });

  it('is keyboard operable', async () => {
    acceptChoice();
    const user = userEvent.setup();
    const { onChosen } = renderPicker();
    screen.getByRole('button', { name: '进入 张小明' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '进入 张小红' }));
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(onChosen).toHaveBeenCalledWith(kids[1]);
    });
  });

  it('closes by its icon or Esc when closable', () => {
    const { onClose } = renderPicker(true);
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('cannot be dismissed when a choice is required', () => {
    const { onClose } = renderPicker(false);
    expect(screen.queryByRole('button', { name: '关闭' })).toBeNull();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    const wrap = document.querySelector('.ant-modal-wrap');
    if (wrap) fireEvent.click(wrap);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderPicker();
    expect(screen.getByRole('dialog', { name: 'Choose a child' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enter as 张小红' }).textContent).toBe('Enter');
  });
});
