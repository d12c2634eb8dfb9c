import { Button, Space, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DesktopMessage } from '../../../contract/desktop';
import { useServerText } from '../../core/i18n/traditional';

export interface TodoItemProps {
  item: DesktopMessage;
  /** Null when the item has no URL that may be opened: 'view' is then disabled. */
  onView: (() => void) | null;
  onIgnore: () => void;
  ignoring: boolean;
  /** The source's name on this page (the application's one name), when the host knows it. */
  sourceName?: ((source: string) => string) | undefined;
}

/** One to-do item: its text, source and date, with 'view' and 'ignore' (spec §2). */
export function TodoItem({ item, onView, onIgnore, ignoring, sourceName }: TodoItemProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const local = useServerText();
  const source = (sourceName ?? local)(item.module);
  const text = local(item.messageMeno);
  return (
    <article
      aria-label={text}
      style={{
        display: 'flex',
        flexDirection: 'column',
        gap: 6,
        padding: 12,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
      }}
    >
      <p style={{ margin: 0, overflowWrap: 'anywhere' }}>{text}</p>
      <p style={{ margin: 0, fontSize: token.fontSizeSM, color: token.colorTextSecondary }}>
        {source !== '' && <span>{t('todo.source', { module: source })} · </span>}
        <time>{item.messageDate}</time>
      </p>
      <Space>
        <Button
          size="small"
          type="primary"
          disabled={onView === null}
          onClick={onView ?? undefined}
        >
          {t('todo.view')}
        </Button>
        <Button size="small" onClick={onIgnore} loading={ignoring}>
          {t('todo.ignore')}
        </Button>
      </Space>
    </article>
  );
}
