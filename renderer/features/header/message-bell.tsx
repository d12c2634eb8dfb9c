import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { badgeText } from '../../core/format';
import { useActionTooltip } from './use-action-tooltip';

export interface MessageBellProps {
  unread: number;
  onOpen: () => void;
}

/** The message bell with its unread badge capped at '99+' (spec §2), announced with the count. */
export function MessageBell({ unread, onOpen }: MessageBellProps) {
  const { t } = useTranslation();
  const text = badgeText(unread);
  const label = t('header.messages', { count: unread });
  const { tooltip, trigger } = useActionTooltip();
  return (
    <Tooltip title={t('header.messagesTitle')} {...tooltip}>
      <Badge count={text} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          aria-label={label}
          icon={<BellOutlined aria-hidden />}
          onClick={onOpen}
          {...trigger}
        />
      </Badge>
    </Tooltip>
  );
}
