import { Alert, Button, Drawer, Empty, Modal, Result, Spin } from 'antd';
import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesktopMessage, ModuleExpiryItem } from '../../../contract/desktop';
import { useQuery } from '../../core/query/use-query';
import { markAllMessagesRead, markMessageRead, unreadMessagesQuery } from './api';
import { createClickDelay } from './click-delay';
import { MessageItem } from './message-item';
import { openDecision } from './open-decision';

/** Dialog width (spec §9: dialogs other than theme and about are 400 or 500 px). */
export const MESSAGES_DIALOG_WIDTH = 500;
/** As a bottom sheet (mobile desktop): at most half the screen. */
export const MESSAGES_SHEET_HEIGHT = 'min(50dvh, 440px)';

export interface MessagesDialogProps {
  open: boolean;
  onClose: () => void;
  /** Something was marked read: the caller refreshes its unread counts. */
  onChanged: () => void;
  /** A message with openWay 1 was opened: show the module-expiry dialog with these modules. */
  onOpenExpiry: (modules: ModuleExpiryItem[]) => void;
  /** The mobile desktop shows it as a bottom sheet. */
  sheet?: boolean;
  /** A message's source as the page names it (the application's one name). */
  sourceName?: (source: string) => string;
  /** Shown under the list: the shell's settings of messages (browser notifications). */
  settings?: ReactNode;
}

type ContentProps = Omit<MessagesDialogProps, 'open' | 'onClose' | 'sheet' | 'settings'>;

const NO_MESSAGES: DesktopMessage[] = [];

function MessagesContent({ onChanged, onOpenExpiry, sourceName }: ContentProps) {
  const { t } = useTranslation();
  // A failure is reported by the request client (§8 toast) and here, with Retry; a list shown
  // before stays.
  const messages = useQuery(unreadMessagesQuery());
  const [ignoring, setIgnoring] = useState(false);
  const [clickDelay] = useState(createClickDelay);
  const [modal, confirmHolder] = Modal.useModal();

  const reload = messages.refetch;

  useEffect(
    () => () => {
      clickDelay.cancelAll();
    },
    [clickDelay],
  );

  async function open(message: DesktopMessage): Promise<void> {
    const decision = openDecision(message, window.location.href, Date.now());
    // A new window opens before the read call, while the click still counts as a user gesture.
    if (decision.kind === 'new-window') window.open(decision.url, '_blank', 'noopener,noreferrer');
    if (decision.kind === 'expiry') onOpenExpiry(decision.modules);
    try {
      await markMessageRead(message.id);
    } catch {
      // Reported by the request client; the message simply stays unread.
    }
    if (decision.kind === 'navigate') {
      window.location.assign(decision.url);
      return;
    }
    onChanged();
    await reload();
  }

  function activate(message: DesktopMessage, event: MouseEvent<HTMLButtonElement>): void {
    clickDelay.click(message.id, event.detail, () => {
      void open(message);
    });
  }

  async function ignoreAll(): Promise<void> {
    setIgnoring(true);
    try {
      await markAllMessagesRead();
      onChanged();
    } catch {
      // Reported by the request client.
    }
    await reload();
    setIgnoring(false);
  }

  /**
   * 'ignore all' cannot be undone: it is asked first, in the user's language. antd's confirm
   * takes the focus (Enter answers, Esc cancels) and gives it back to the button afterwards.
   */
  function confirmIgnoreAll(): void {
    void modal.confirm({
      title: t('messages.ignoreAllConfirm', { count: list.length }),
      okText: t('messages.ignoreAllOk'),
      cancelText: t('messages.ignoreAllCancel'),
      focusable: { autoFocusButton: 'cancel', focusTriggerAfterClose: true },
      onOk: ignoreAll,
    });
  }

  function retry(): void {
    void reload();
  }

  const list = messages.data ?? NO_MESSAGES;
  const loading = messages.status === 'pending' || messages.fetching;
  const firstLoad = loading && list.length === 0;
  const failed = messages.status === 'error' && !loading;
  // A count only of a list that was loaded: a failure says it failed, never "0 unread".
  const counted = messages.data !== undefined && !(failed && list.length === 0) && !firstLoad;

  let body;
  if (firstLoad) {
    body = (
      <div style={{ padding: 32, textAlign: 'center' }}>
        <Spin />
        <p>{t('messages.loading')}</p>
      </div>
    );
  } else if (failed && list.length === 0) {
    body = (
      <Result
        status="warning"
        title={t('messages.loadFailed')}
        extra={
          <Button type="primary" onClick={retry}>
            {t('messages.retry')}
          </Button>
        }
      />
    );
  } else if (list.length === 0) {
    body = <Empty description={t('messages.empty')} />;
  } else {
    body = (
      <>
        {failed && (
          <Alert
            type="warning"
            showIcon
            title={t('messages.loadFailed')}
            action={
              <Button size="small" onClick={retry}>
                {t('messages.retry')}
              </Button>
            }
            style={{ marginBottom: 8 }}
          />
        )}
        <ul
          aria-label={t('messages.listLabel')}
          style={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            maxHeight: '60vh',
            overflowY: 'auto',
            display: 'flex',
            flexDirection: 'column',
            gap: 8,
          }}
        >
          {list.map((message) => (
            <li key={message.id}>
              <MessageItem message={message} onActivate={activate} sourceName={sourceName} />
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <div aria-busy={loading}>
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 8,
          marginBottom: 12,
        }}
      >
        <span role="status" aria-live="polite">
          {counted ? t('messages.unreadCount', { count: list.length }) : ''}
        </span>
        <Button
          onClick={confirmIgnoreAll}
          loading={ignoring}
          disabled={list.length === 0 || !counted}
        >
          {t('messages.ignoreAll')}
        </Button>
      </div>
      {body}
      {confirmHolder}
    </div>
  );
}

/**
 * The messages dialog (spec §2): the unread messages, each with its importance colour and
 * label, source module and date, and 'ignore all'. Opening a message waits 250 ms to tell a
 * single click from a double click (a double click opens it once), marks it read, then opens it
 * by its openWay (spec §4); the list reloads after every mark. The list is loaded each time
 * the dialog opens.
 */
export function MessagesDialog({
  open,
  onClose,
  onChanged,
  onOpenExpiry,
  sheet = false,
  sourceName,
  settings,
}: MessagesDialogProps) {
  const { t } = useTranslation();
  if (sheet) {
    // The mobile desktop: a bottom sheet of at most half the screen.
    return (
      <Drawer
        open={open}
        placement="bottom"
        size={MESSAGES_SHEET_HEIGHT}
        rootClassName="sheet"
        title={t('messages.title')}
        onClose={onClose}
        destroyOnHidden
        closable={{ 'aria-label': t('messages.close') }}
        footer={settings}
      >
        <MessagesContent
          onChanged={onChanged}
          onOpenExpiry={onOpenExpiry}
          {...(sourceName ? { sourceName } : {})}
        />
      </Drawer>
    );
  }
  return (
    <Modal
      open={open}
      title={t('messages.title')}
      onCancel={onClose}
      footer={settings ?? null}
      width={MESSAGES_DIALOG_WIDTH}
      destroyOnHidden
      closable={{ 'aria-label': t('messages.close') }}
    >
      <MessagesContent
        onChanged={onChanged}
        onOpenExpiry={onOpenExpiry}
        {...(sourceName ? { sourceName } : {})}
      />
    </Modal>
  );
}
