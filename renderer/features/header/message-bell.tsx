import { BellOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { badgeText } from '../../core/format';
import { HoverTip } from '../../ui/hover-tip/hover-tip';
import '../../ui/count-badge/count-badge.css';
import './message-bell.css';

export interface MessageBellProps {
  unread: number;
  onOpen: () => void;
}

/** The message bell with its unread badge capped at '99+' (spec §2), announced with the count. */
export function MessageBell({ unread, onOpen }: MessageBellProps) {
  const { t } = useTranslation();
  const text = badgeText(unread);
  const label = t('header.messages', { count: unread });
  return (
    <HoverTip title={t('header.messagesTitle')}>
      {/* A plain badge, as the icons': antd's Badge animates its count with a motion that
          re-renders the whole header synchronously as the desktop first appears. */}
      <span className="header-bell">
        <Button
          type="text"
          aria-label={label}
          icon={<BellOutlined aria-hidden />}
          onClick={onOpen}
        />
        {text !== '' && (
          <span className="count-badge header-bell__count" aria-hidden>
            {text}
          </span>
        )}
      </span>
    </HoverTip>
  );
}
