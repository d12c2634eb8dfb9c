import { StopOutlined } from '@ant-design/icons';
import { Modal, theme } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Above every dialog of the page (the generic dialog layer starts at 1500, spec §9) but below
 * the login overlay (2500), so an expired session can still sign in again.
 */
export const MODULE_EXPIRED_Z_INDEX = 2400;

export interface ModuleExpiredBlockProps {
  open: boolean;
}

/**
 * The module-expired blocking dialog (spec §2, §4, §8): '该模块已到期，请联系管理员！'. It has no
 * close button and closes neither by Esc nor by the backdrop: the only way out is an
 * administrator renewing the licence. The text is an alert, so screen readers announce it.
 */
export function ModuleExpiredBlock({ open }: ModuleExpiredBlockProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Modal
      open={open}
      title={t('expiry.blockedTitle')}
      footer={null}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      zIndex={MODULE_EXPIRED_Z_INDEX}
      width={400}
      centered
    >
      <p
        role="alert"
        style={{ display: 'flex', alignItems: 'center', gap: 8, margin: '16px 0', fontSize: 16 }}
      >
        <StopOutlined aria-hidden style={{ color: token.colorError, fontSize: 22 }} />
        {t('expiry.blocked')}
      </p>
    </Modal>
  );
}
