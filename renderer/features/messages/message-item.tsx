import { theme } from 'antd';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesktopMessage } from '../../../contract/desktop';
import { useServerText } from '../../core/i18n/traditional';
import { importanceColor, importanceLabelKey } from './importance';

export interface MessageItemProps {
  message: DesktopMessage;
  onActivate: (message: DesktopMessage, event: MouseEvent<HTMLButtonElement>) => void;
  /** The source's name on this page (the application's one name), when the host knows it. */
  sourceName?: ((source: string) => string) | undefined;
}

/**
 * One unread message as a real button (keyboard operable): the importance as a colour marker
 * and a text label (colour alone carries no meaning), the text, the source module and the date.
 * The colour marks the edge and a dot, not the text: orange text on white would fail contrast.
 * Server texts are rendered as text, may be bilingual (`中文|||English`) and show in Traditional
 * characters in zh-HK (core/i18n/traditional.ts).
 */
export function MessageItem({ message, onActivate, sourceName }: MessageItemProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const colour = importanceColor(message.importance);
  const local = useServerText();
  const source = (sourceName ?? local)(message.module);
  return (
    <button
      type="button"
      className="messages-item"
      data-importance={message.importance}
      onClick={(event) => {
        onActivate(message, event);
      }}
      style={{
        display: 'flex',
        flexDirection: 'column',
        gap: 4,
        width: '100%',
        padding: '8px 12px',
        textAlign: 'left',
        font: 'inherit',
        color: token.colorText,
        background: 'transparent',
        border: 'none',
        borderLeft: `4px solid ${colour}`,
        borderRadius: token.borderRadiusSM,
        cursor: 'pointer',
      }}
    >
      <span style={{ display: 'flex', alignItems: 'baseline', gap: 8 }}>
        <span
          className="messages-item__importance"
          style={{
            flex: 'none',
            display: 'inline-flex',
            alignItems: 'center',
            gap: 4,
            padding: '0 6px',
            fontSize: token.fontSizeSM,
            border: `1px solid ${colour}`,
            borderRadius: token.borderRadiusSM,
          }}
        >
          <span
            aria-hidden
            style={{ width: 8, height: 8, borderRadius: '50%', background: colour }}
          />
          {t(importanceLabelKey(message.importance))}
        </span>
        <span className="messages-item__text" style={{ overflowWrap: 'anywhere' }}>
          {local(message.messageMeno)}
        </span>
      </span>
      <span
        className="messages-item__meta"
        style={{ fontSize: token.fontSizeSM, color: token.colorTextSecondary }}
      >
        {source !== '' && <span>{t('messages.source', { module: source })} · </span>}
        <time>{message.messageDate}</time>
      </span>
    </button>
  );
}
