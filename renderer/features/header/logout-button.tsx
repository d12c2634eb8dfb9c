import { LogoutOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isDev } from '../../core/env';
import { lazyDialog } from '../../ui/lazy-part';

// The question and antd's dialog load when Logout is pressed, not with the desktop's first
// download and render.
const LogoutConfirm = lazyDialog(async () => (await import('./logout-confirm')).default);

export interface LogoutButtonProps {
  /** Where to go after logging out: the login page. */
  onLoggedOut: () => void;
  /** Development only (spec §2): show the switch-account button; by default in the dev build. */
  showSwitchAccount?: boolean;
}

/**
 * Logout (spec §2 logout confirmation, §4 logout): asks '您确认要退出吗？' with Cancel and OK,
 * then runs the logout routine. Hidden by the header in the desktop client (a later issue).
 */
export function LogoutButton({ onLoggedOut, showSwitchAccount = isDev }: LogoutButtonProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);

  return (
    <>
      <Button
        type="text"
        aria-label={t('header.logout')}
        icon={<LogoutOutlined aria-hidden />}
        onClick={() => {
          setAsking(true);
        }}
      >
        {t('header.logout')}
      </Button>
      {asking && (
        <LogoutConfirm
          onLoggedOut={onLoggedOut}
          showSwitchAccount={showSwitchAccount}
          onClosed={() => {
            setAsking(false);
          }}
        />
      )}
    </>
  );
}
