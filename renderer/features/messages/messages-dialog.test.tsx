// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DESKTOP_API } from '../../../contract/api-paths';
import type { DesktopMessage } from '../../../contract/desktop';
import { featureTestSetup } from '../../../tests/support/feature-test';
import { okEnvelope, reply } from '../../../tests/support/route-server';
import { i18n } from '../../core/i18n/instance';
import messagesEn from './locales/en.json';
import { MessagesDialog } from './messages-dialog';

const testServer = featureTestSetup(messagesEn);
const { routes, received } = testServer;

function msg(id: string, extra: Partial<DesktopMessage> = {}): DesktopMessage {
  return {
    id,
    messageMeno: `消息 ${id}`,
    importance: 3,
    module: '办公系统|||Office',
    messageDate: '2026-03-01 09:30:00',
    url: '',
    openWay: 0,
    content: '',
    ...extra,
  };
}

/** The reference server's behaviour: an unread list that the read calls shrink. */
function serveMessages(initial: DesktopMessage[]) {
  let unread = [...initial];
  routes.set(`GET ${DESKTOP_API.messagesNotRead}`, (_req, res) => {
    reply(res, 200, okEnvelope(unread));
  });
  routes.set(`POST ${DESKTOP_API.messageReadById}`, (req, res) => {
    const id = new URLSearchParams(req.body).get('desktopMessageId');
    unread = unread.filter((item) => item.id !== id);
    reply(res, 200, okEnvelope('success'));
  });
  routes.set(`POST ${DESKTOP_API.messagesReadAll}`, (_req, res) => {
    unread = [];
    reply(res, 200, okEnvelope('success'));
  });
}

const calls = (key: string) => received.filter((call) => `${call.method} ${call.path}` === key);

function renderDialog() {
  const props = { onClose: vi.fn(), onChanged: vi.fn(), onOpenExpiry: vi.fn() };
  render(
    <I18nextProvider i18n={i18n}>
      <MessagesDialog open {...props} />
    </I18nextProvider>,
  );
  return props;
}

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await act(() => i18n.changeLanguage('zh-CN'));
});

describe('MessagesDialog', () => {
  it('lists the unread messages with importance label, text, source and date', async () => {
    serveMessages([msg('1', { importance: 5 }), msg('2', { importance: 1 })]);
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: '消息' });
    const list = await within(dialog).findByRole('list', { name: '未读消息列表' });
    const items = within(list).getAllByRole('button');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('特急');
    expect(items[0]?.textContent).toContain('消息 1');
    expect(items[0]?.textContent).toContain('来源：办公系统');
    expect(items[0]?.textContent).toContain('2026-03-01 09:30:00');
    expect(items[1]?.textContent).toContain('较低');
    expect(items[0]?.style.borderLeft).toContain('rgb(245, 34, 45)');
    expect(screen.getByRole('status').textContent).toBe('未读消息：2 条');
  });

  it('renders server text as text, never as markup', async () => {
    serveMessages([msg('1', { messageMeno: '<img src=x onerror="alert(1)">' })]);
    renderDialog();
    expect(await screen.findByText('<img src=x onerror="alert(1)">')).toBeTruthy();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it("'ignore all' asks first, and Cancel leaves every message unread", async () => {
    serveMessages([msg('1'), msg('2')]);
    renderDialog();
    await screen.findByText('消息 1');
    fireEvent.click(screen.getByRole('button', { name: '全部忽略' }));
    const [question] = await screen.findAllByText('确定将 2 条未读消息全部标为已读吗？');
    const confirm = question?.closest<HTMLElement>('.ant-modal-confirm');
    if (!confirm) throw new Error('no confirmation dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: /取\s*消/ }));
    expect(calls(`POST ${DESKTOP_API.messagesReadAll}`)).toHaveLength(0);
    expect(screen.getByText('消息 1')).toBeTruthy();
  });

  it("'ignore all', once confirmed, marks everything read, refreshes the list and tells the caller", async () => {
    serveMessages([msg('1'), msg('2')]);
    const { onChanged } = renderDialog();
    await screen.findByText('消息 1');
    const button = screen.getByRole<HTMLButtonElement>('button', { name: '全部忽略' });
    fireEvent.click(button);
    const [question] = await screen.findAllByText('确定将 2 条未读消息全部标为已读吗？');
    const confirm = question?.closest<HTMLElement>('.ant-modal-confirm');
    if (!confirm) throw new Error('no confirmation dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: '全部忽略' }));
    expect(await screen.findByText('暂无未读消息')).toBeTruthy();
    expect(calls(`POST ${DESKTOP_API.messagesReadAll}`)).toHaveLength(1);
    expect(calls(`GET ${DESKTOP_API.messagesNotRead}`)).toHaveLength(2);
    expect(onChanged).toHaveBeenCalledTimes(1);
    await waitFor(() => {
      expect(button.disabled).toBe(true);
    });
  });

  it('opens an http message in a new window after 250 ms, marks it read, then refreshes', async () => {
    serveMessages([msg('1', { url: 'https://other.example.com/notice?id=1' }), msg('2')]);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { onChanged } = renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: /消息 1/ }), { detail: 1 });
    expect(open).not.toHaveBeenCalled();
    await waitFor(() => {
      expect(open).toHaveBeenCalledWith(
        'https://other.example.com/notice?id=1',
        '_blank',
        'noopener,noreferrer',
      );
    });
    await waitFor(() => {
      expect(screen.queryByText('消息 1')).toBeNull();
    });
    const [read] = calls(`POST ${DESKTOP_API.messageReadById}`);
    expect(read?.body).toBe('desktopMessageId=1');
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe('未读消息：1 条');
  });

  it('opens a double-clicked message exactly once', async () => {
    serveMessages([msg('1', { url: 'https://other.example.com/' })]);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderDialog();
    const item = await screen.findByRole('button', { name: /消息 1/ });
    fireEvent.click(item, { detail: 1 });
    fireEvent.click(item, { detail: 2 });
    fireEvent.doubleClick(item, { detail: 2 });
    expect(open).toHaveBeenCalledTimes(1);
    await waitFor(() => {
      expect(calls(`POST ${DESKTOP_API.messageReadById}`)).toHaveLength(1);
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(open).toHaveBeenCalledTimes(1);
    expect(calls(`POST ${DESKTOP_API.messageReadById}`)).toHaveLength(1);
  });

  it('hands the modules of an openWay 1 message to onOpenExpiry', async () => {
    const content = JSON.stringify([{ code: 'oa', name: '办公', endTime: '2020-01-01 00:00:00' }]);
    serveMessages([msg('9', { openWay: 1, content, url: 'https://ignored.example.com' })]);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { onOpenExpiry } = renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: /消息 9/ }));
    await waitFor(() => {
      expect(onOpenExpiry).toHaveBeenCalledTimes(1);
    });
    expect(onOpenExpiry.mock.calls[0]?.[0]).toMatchObject([
      { code: 'oa', name: '办公', endTime: '2020-01-01 00:00:00', dqstatus: 3 },
    ]);
    expect(open).not.toHaveBeenCalled();
    await waitFor(() => {
      expect(calls(`POST ${DESKTOP_API.messageReadById}`)).toHaveLength(1);
    });
  });

  it('navigates this window to a same-origin URL once the message is marked read', async () => {
    serveMessages([msg('3', { url: '#/oa/notice/3' })]);
    renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: /消息 3/ }));
    await waitFor(() => {
      expect(window.location.hash).toBe('#/oa/notice/3');
    });
    expect(calls(`POST ${DESKTOP_API.messageReadById}`)).toHaveLength(1);
  });

  it('is keyboard operable: Tab to a message, Enter opens it', async () => {
    serveMessages([msg('1', { url: 'https://other.example.com/' })]);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    renderDialog();
    const item = await screen.findByRole('button', { name: /消息 1/ });
    item.focus();
    expect(document.activeElement).toBe(item);
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(open).toHaveBeenCalledTimes(1);
    });
  });

  it('shows the empty state', async () => {
    serveMessages([]);
    renderDialog();
    expect(await screen.findByText('暂无未读消息')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '全部忽略' }).disabled).toBe(true);
  });

  it('offers a retry when the list cannot be loaded', async () => {
    routes.set(`GET ${DESKTOP_API.messagesNotRead}`, (_req, res) => {
      reply(res, 500, {});
    });
    renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: '重 试' }));
    serveMessages([msg('1')]);
    expect(await screen.findByText('消息 1')).toBeTruthy();
  });

  it('speaks English', async () => {
    await act(() => i18n.changeLanguage('en'));
    serveMessages([msg('1', { importance: 4 })]);
    renderDialog();
    expect(await screen.findByRole('dialog', { name: 'Messages' })).toBeTruthy();
    const item = await screen.findByRole('button', { name: /消息 1/ });
    expect(item.textContent).toContain('Urgent');
    expect(item.textContent).toContain('From Office');
    expect(screen.getByRole('button', { name: 'Ignore all' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Unread messages: 1');
  });
});
