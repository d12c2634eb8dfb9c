// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DESKTOP_API } from '../../../contract/api-paths';
import type { DesktopMessage } from '../../../contract/desktop';
import { featureTestSetup } from '../../../tests/support/feature-test';
import { okEnvelope, reply } from '../../../tests/support/route-server';
import { i18n } from '../../core/i18n/instance';
import todoEn from './locales/en.json';
import { HAND_OVER_MS } from '../../core/query/query-cache';
import { prefetchFirstTodoPage } from './api';
import { TodoPanel } from './todo-panel';

const testServer = featureTestSetup(todoEn);
const { routes, received } = testServer;

function todo(id: number): DesktopMessage {
  return {
    id: String(id),
    messageMeno: `待办 ${String(id)}`,
    importance: 2,
    module: '教务管理|||Academic affairs',
    messageDate: '2026-03-01 10:00:00',
    url: id === 1 ? 'https://oa.example.cn/todo/1' : '',
    openWay: 0,
    content: '',
  };
}

/** The reference server's paging: start is the 1-based page, size the page size. */
function serveTodos(count: number) {
  let items = Array.from({ length: count }, (_, index) => todo(index + 1));
  routes.set(`GET ${DESKTOP_API.popUpBox}`, (req, res) => {
    const start = Number(req.query.get('start'));
    const size = Number(req.query.get('size'));
    reply(
      res,
      200,
      okEnvelope({
        list: items.slice((start - 1) * size, start * size),
        pages: Math.ceil(items.length / size),
        total: items.length,
      }),
    );
  });
  routes.set(`POST ${DESKTOP_API.messageReadById}`, (req, res) => {
    const id = new URLSearchParams(req.body).get('desktopMessageId');
    items = items.filter((item) => item.id !== id);
    reply(res, 200, okEnvelope('success'));
  });
}

const pageCalls = () =>
  received
    .filter((call) => call.path === DESKTOP_API.popUpBox)
    .map((call) => [call.query.get('start'), call.query.get('size')]);

function renderPanel(open = true) {
  const props = { onClose: vi.fn(), onChanged: vi.fn() };
  const view = render(
    <I18nextProvider i18n={i18n}>
      <TodoPanel open={open} {...props} />
    </I18nextProvider>,
  );
  return { ...props, view };
}

beforeEach(() => {
  sessionStorage.clear();
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  await act(() => i18n.changeLanguage('zh-CN'));
});

describe('TodoPanel', () => {
  it('is titled with the total and shows 3 items per page with previous and next', async () => {
    serveTodos(7);
    renderPanel();
    expect(await screen.findByText('待办事项（7）')).toBeTruthy();
    const list = screen.getByRole('list', { name: '待办事项列表' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['待办 1', '待办 2', '待办 3']);
    expect(screen.getByText('1 / 3')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '上一页' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(await screen.findByText('待办 4')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(await screen.findByText('待办 7')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '下一页' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '上一页' }));
    // Page 2 is drawn from the cache at once, and asked for again.
    expect(await screen.findByText('待办 5')).toBeTruthy();
    await waitFor(() => {
      expect(pageCalls()).toHaveLength(4);
    });
    expect(pageCalls()).toEqual([
      ['1', '3'],
      ['2', '3'],
      ['3', '3'],
      ['2', '3'],
    ]);
    expect(screen.getByRole('status').textContent).toBe('共 7 项待办，第 2/3 页');
  });

  it('draws the first page prefetched with the desktop, without a request of its own', async () => {
    serveTodos(4);
    prefetchFirstTodoPage();
    await waitFor(() => {
      expect(pageCalls()).toEqual([['1', '3']]);
    });
    renderPanel();
    expect(await screen.findByText('待办 3')).toBeTruthy();
    expect(pageCalls()).toEqual([['1', '3']]);
    // Handed over while fresh: a panel opened later asks again.
    cleanup();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + HAND_OVER_MS);
    renderPanel();
    await waitFor(() => {
      expect(pageCalls()).toEqual([
        ['1', '3'],
        ['1', '3'],
      ]);
    });
  });

  it('lies under every dialog, even one opened before it (z-index below antd modals)', async () => {
    serveTodos(1);
    renderPanel();
    await screen.findByText('待办 1');
    const drawer = document.querySelector<HTMLElement>('.todo-panel.ant-drawer');
    expect(drawer?.style.zIndex).toBe('990');
    // antd's modals sit at 1000.
    expect(Number(drawer?.style.zIndex)).toBeLessThan(1000);
  });

  it('ignores an item: marks it read, reloads the page and tells the caller', async () => {
    serveTodos(4);
    const { onChanged } = renderPanel();
    const item = await screen.findByRole('article', { name: '待办 2' });
    fireEvent.click(within(item).getByRole('button', { name: '忽 略' }));
    expect(await screen.findByText('待办事项（3）')).toBeTruthy();
    expect(screen.queryByText('待办 2')).toBeNull();
    expect(screen.getByText('待办 4')).toBeTruthy();
    const read = received.find((call) => call.path === DESKTOP_API.messageReadById);
    expect(read?.body).toBe('desktopMessageId=2');
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('steps back a page when the last item of the last page is ignored', async () => {
    serveTodos(4);
    renderPanel();
    await screen.findByText('待办 1');
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    const last = await screen.findByRole('article', { name: '待办 4' });
    fireEvent.click(within(last).getByRole('button', { name: '忽 略' }));
    // Page 1 is drawn, and asked for again: the ignored item changed the page count.
    expect(await screen.findByText('1 / 1')).toBeTruthy();
    expect(screen.getByText('待办 1')).toBeTruthy();
  });

  it('views an item: an http URL opens in a new window; no URL, no view', async () => {
    serveTodos(2);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderPanel();
    const first = await screen.findByRole('article', { name: '待办 1' });
    fireEvent.click(within(first).getByRole('button', { name: '查 看' }));
    expect(open).toHaveBeenCalledWith(
      'https://oa.example.cn/todo/1',
      '_blank',
      'noopener,noreferrer',
    );
    const second = screen.getByRole('article', { name: '待办 2' });
    expect(within(second).getByRole<HTMLButtonElement>('button', { name: '查 看' }).disabled).toBe(
      true,
    );
  });

  it('closed by its icon: onClose(true) and the session flag, so it stays hidden', async () => {
    serveTodos(2);
    const { onClose } = renderPanel();
    await screen.findByText('待办 1');
    fireEvent.click(screen.getByRole('button', { name: '关闭待办事项' }));
    expect(onClose).toHaveBeenCalledWith(true);
    expect(sessionStorage.getItem('SY_TODO_CLOSED')).toBe('1');
  });

  it('closes by Esc like its icon (keyboard)', async () => {
    serveTodos(2);
    const { onClose } = renderPanel();
    const item = await screen.findByRole('article', { name: '待办 1' });
    fireEvent.keyDown(item, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('closes itself after 15 s without interaction; each interaction restarts the 15 s', async () => {
    // shouldAdvanceTime: Testing Library drains its queue with a zero-delay setTimeout.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    serveTodos(5);
    const { onClose } = renderPanel();
    const item = await screen.findByRole('article', { name: '待办 1' });
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    fireEvent.pointerDown(item);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    fireEvent.keyDown(item, { key: 'ArrowDown' });
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    fireEvent.scroll(item);
    act(() => {
      // The exact boundary is tested on the pure timer; the fake clock also follows real time.
      vi.advanceTimersByTime(14_500);
    });
    expect(onClose).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledWith(false);
    expect(sessionStorage.getItem('SY_TODO_CLOSED')).toBeNull();
  });

  it('does not count down while closed', async () => {
    // shouldAdvanceTime: Testing Library drains its queue with a zero-delay setTimeout.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    serveTodos(1);
    const { onClose } = renderPanel(false);
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => {
      expect(pageCalls()).toEqual([]);
    });
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    serveTodos(4);
    renderPanel();
    expect(await screen.findByText('To-do (4)')).toBeTruthy();
    expect(screen.getAllByText(/From Academic affairs/)).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Ignore' })).toHaveLength(3);
  });
});
