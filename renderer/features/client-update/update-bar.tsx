import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HostApi } from '../../../contract/host';
import { safeLinkUrl } from '../../core/safe-url';
import { useUpdateStatus } from './use-update-status';
import './update-bar.css';

/**
 * The desktop client's update bar (docs/desktop-client.md, "Updates"): "Restart to update" once
 * the per-user client downloaded a newer version; a note when a newer version exists that IT
 * installs (MSI) or the user downloads (portable, with the link). Closing it hides it until the
 * host offers another version; nothing shows when the host has no updates.
 */
export function UpdateBar({ host }: { host: HostApi }) {
  const { t } = useTranslation();
  const status = useUpdateStatus(host);
  const [closed, setClosed] = useState<string | null>(null);
  const [restarting, setRestarting] = useState(false);
  if (status.state === 'none') return null;
  const key = `${status.state}:${status.version}`;
  if (closed === key) return null;
  const close = () => {
    setClosed(key);
  };

  if (status.state === 'ready') {
    return (
      <Alert
        className="update-bar"
        role="status"
        type="success"
        showIcon
        banner
        title={t('clientUpdate.ready', { version: status.version })}
        action={
          <Button
            type="primary"
            size="small"
            loading={restarting}
            onClick={() => {
              setRestarting(true);
              host.restartToUpdate?.().catch(() => {
                setRestarting(false);
              });
            }}
          >
            {t('clientUpdate.restart')}
          </Button>
        }
        closable={{ onClose: close, 'aria-label': t('clientUpdate.later') }}
      />
    );
  }

  const link = status.downloadUrl === undefined ? null : safeLinkUrl(status.downloadUrl);
  return (
    <Alert
      className="update-bar"
      role="status"
      type="info"
      showIcon
      banner
      title={
        status.install === 'msi'
          ? t('clientUpdate.availableIt', { version: status.version })
          : t('clientUpdate.available', { version: status.version })
      }
      action={
        link === null ? undefined : (
          <Button size="small" href={link} target="_blank" rel="noopener noreferrer">
            {t('clientUpdate.download')}
          </Button>
        )
      }
      closable={{ onClose: close, 'aria-label': t('clientUpdate.later') }}
    />
  );
}
