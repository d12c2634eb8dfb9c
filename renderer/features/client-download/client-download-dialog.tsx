import { DownloadOutlined, WindowsOutlined } from '@ant-design/icons';
import { Alert, Modal, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { PH_VERSION } from '../../core/env';
import { downloadLinks } from './download-links';

/** Dialog width (spec §9: dialogs other than theme and about are 400 or 500 px). */
export const CLIENT_DOWNLOAD_WIDTH = 500;

export interface ClientDownloadDialogProps {
  open: boolean;
  onClose: () => void;
  /** Where the installers are published (an http(s) URL or a same-origin path). */
  baseUrl: string;
  /** The client version to offer; by default this build's version (package.json). */
  version?: string;
}

/**
 * The client download dialog (spec §2): the Windows installer and the portable package (and the
 * MSI for IT deployment) as links on a configurable base. Without a usable base it says so
 * instead of offering broken links.
 */
export function ClientDownloadDialog({
  open,
  onClose,
  baseUrl,
  version = PH_VERSION,
}: ClientDownloadDialogProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const links = downloadLinks(baseUrl, version);
  return (
    <Modal
      open={open}
      title={t('clientDownload.title')}
      onCancel={onClose}
      footer={null}
      width={CLIENT_DOWNLOAD_WIDTH}
      closable={{ 'aria-label': t('clientDownload.close') }}
    >
      <p style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <WindowsOutlined aria-hidden style={{ fontSize: 20 }} />
        {t('clientDownload.intro', { version })}
      </p>
      {links.length === 0 ? (
        <Alert type="warning" showIcon title={t('clientDownload.notConfigured')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
          {links.map((link) => (
            <li
              key={link.kind}
              style={{
                padding: 12,
                border: `1px solid ${token.colorBorderSecondary}`,
                borderRadius: token.borderRadius,
              }}
            >
              <a
                href={link.url}
                download={link.fileName}
                rel="noopener noreferrer"
                style={{ display: 'inline-flex', alignItems: 'center', gap: 8, fontWeight: 600 }}
              >
                <DownloadOutlined aria-hidden />
                {t(`clientDownload.${link.kind}.label`)}
              </a>
              <div style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
                {t(`clientDownload.${link.kind}.description`)}
                <br />
                <span>{link.fileName}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
