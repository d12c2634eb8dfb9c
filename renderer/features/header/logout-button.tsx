import { LogoutOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { isDev } from '../../core/env';
import { useSession } from '../../core/session/session-store';

export interface LogoutButtonProps {
  /** Where to go after logging out: the login page. */
  onLoggedOut: () => void;
  /** Development only (spec §2): show the switch-account button; by default in the dev build. */
  showSwitchAccount?: boolean;
}

/** After a switch of account: the login page, coming back to this page as the new user. */
function goToLoginAndBack(): void {
  window.location.assign(`/login?redirect_uri=${encodeURIComponent(window.location.href)}`);
}

/**
 * Logout (spec §2 logout confirmation, §4 logout): asks '您确认要退出吗？' with Cancel and OK,
 * then runs the logout routine. Hidden by the header in the desktop client (a later issue).
 */
export function LogoutButton({ onLoggedOut, showSwitchAccount = isDev }: LogoutButtonProps) {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();

  function confirmLogout(): void {
    const confirm = modal.confirm({
      title: t('header.logoutConfirm'),
      okText: t('ui.confirm.ok'),
      cancelText: t('ui.confirm.cancel'),
      async onOk() {
        await useSession.getState().logout();
        onLoggedOut();
      },
      footer: showSwitchAccount
        ? (_, { OkBtn, CancelBtn }) => (
            <>
              <Button
                onClick={() => {
                  confirm.destroy();
                  void useSession.getState().logout().finally(goToLoginAndBack);
                }}
              >
                {t('header.switchAccount')}
              </Button>
              <CancelBtn />
              <OkBtn />
            </>
          )
        : undefined,
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
