import { Alert, Modal } from 'antd';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../core/session/session-store';
import type { CurrentUser } from '../../core/session/user-mapper';
import { setBehindLogin } from '../../ui/app-provider/dialog-frame';
import { LoginWithPlatforms } from './login-with-platforms';

/** The login dialog overlay sits above every other layer (spec §9: z-index 2500). */
export const LOGIN_DIALOG_Z_INDEX = 2500;
/** It covers the whole page, the desktop's header too (other dialogs start below it). */
const WHOLE_PAGE = { top: 0 } as const;
const STYLES = { mask: WHOLE_PAGE, wrapper: WHOLE_PAGE } as const;
/** It holds the focus, whatever the dialogs behind it do. */
const FOCUSABLE = { trap: true } as const;

export interface LoginDialogProps {
  open: boolean;
  /** Signed in again: the current user now (another one, maybe), null if it could not be read. */
  onLoggedIn: (user: CurrentUser | null) => void;
  /** The account of the page's user, filled in. */
  account?: string;
}

/**
 * The login dialog overlay (spec §2): shown over a page whose session ended, so the user signs
 * in again without leaving the page and without losing what is on it. It says why, in the
 * spec's words for a session that ended ('登录失效，尝试重新登录', §8), with the page's account
 * filled in. It cannot be dismissed: the page behind it needs a session.
 */
export function LoginDialog({ open, onLoggedIn, account = '' }: LoginDialogProps) {
  const { t } = useTranslation();
  // While it is open, the page's other dialogs stop holding the focus (on every page that shows
  // it: the desktops and the signed-in pages).
  useLayoutEffect(() => {
    if (!open) return undefined;
    setBehindLogin(true);
    return () => {
      setBehindLogin(false);
    };
  }, [open]);
  return (
    <Modal
      open={open}
      title={t('login.title')}
      footer={null}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      zIndex={LOGIN_DIALOG_Z_INDEX}
      styles={STYLES}
      focusable={FOCUSABLE}
      width={400}
      destroyOnHidden
      centered
    >
      <Alert
        type="warning"
        showIcon
        title={t('core.session.reloginExpired')}
        style={{ marginBottom: 16 }}
      />
      <LoginWithPlatforms
        account={account}
        onLoggedIn={() => {
          // The page behind keeps its state; it only needs the current user (pages/relogin-store).
          void useSession
            .getState()
            .fetchCurrentUser()
            .catch(() => null)
            .then(onLoggedIn);
        }}
      />
    </Modal>
  );
}
