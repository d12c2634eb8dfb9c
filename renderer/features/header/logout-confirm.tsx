import { Button, Modal } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../core/session/session-store';

export interface LogoutConfirmProps {
  /** Where to go after logging out: the login page. */
  onLoggedOut: () => void;
  /** Development only (spec §2): the switch-account button. */
  showSwitchAccount: boolean;
  /** The question has closed (either answer): the button unmounts it. */
  onClosed: () => void;
}

/** After a switch of account: the login page, coming back to this page as the new user. */
function goToLoginAndBack(): void {
  window.location.assign(`/login?redirect_uri=${encodeURIComponent(window.location.href)}`);
}

/**
 * The logout question (spec §2): '您确认要退出吗？' with Cancel and OK, then the logout routine
 * (spec §4). Asked as it mounts; loaded when Logout is pressed, so antd's dialog is not part of
 * the desktop's first download.
 */
export default function LogoutConfirm(props: LogoutConfirmProps) {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  // The question is asked once per mount, with the props and texts of that moment.
  const asked = useRef({ props, t });

  useEffect(() => {
    const { props: current, t: text } = asked.current;
    const confirm = modal.confirm({
      title: text('header.logoutConfirm'),
      okText: text('ui.confirm.ok'),
      cancelText: text('ui.confirm.cancel'),
      async onOk() {
        await useSession.getState().logout();
        current.onLoggedOut();
      },
      afterClose: current.onClosed,
      footer: current.showSwitchAccount
        ? (_, { OkBtn, CancelBtn }) => (
            <>
              <Button
                onClick={() => {
                  confirm.destroy();
                  void useSession.getState().logout().finally(goToLoginAndBack);
                }}
              >
                {text('header.switchAccount')}
              </Button>
              <CancelBtn />
              <OkBtn />
            </>
          )
        : undefined,
    });
    return () => {
      confirm.destroy();
    };
  }, [modal]);

  return holder;
}
