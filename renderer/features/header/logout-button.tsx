import { LogoutOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../core/session/session-store';

export interface LogoutButtonProps {
  /** Where to go after logging out: the login page. */
  onLoggedOut: () => void;
}

/**
 * Logout (spec §2 logout confirmation, §4 logout): asks '您确认要退出吗？' with Cancel and OK,
 * then runs the logout routine. Hidden by the header in the desktop client (a later issue).
 */
export function LogoutButton({ onLoggedOut }: LogoutButtonProps) {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();

  function confirmLogout(): void {
    void modal.confirm({
      title: t('header.logoutConfirm'),
      okText: t('ui.confirm.ok'),
      cancelText: t('ui.confirm.cancel'),
      async onOk() {
        await useSession.getState().logout();
        onLoggedOut();
      },
    });
  }

  return (
    <>
      <Button
        type="text"
        aria-label={t('header.logout')}
        icon={<LogoutOutlined aria-hidden />}
        onClick={confirmLogout}
      >
        {t('header.logout')}
      </Button>
      {holder}
    </>
  );
}
