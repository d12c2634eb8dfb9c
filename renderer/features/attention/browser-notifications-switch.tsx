import { Checkbox } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserNotificationsOn, getHost, switchBrowserNotifications } from '../../core/host';

/** A browser that can show notifications (a desktop client notifies by itself). */
function canNotify(): boolean {
  return getHost().kind === 'web' && typeof Notification !== 'undefined';
}

/**
 * In a browser, the check box of the messages dialog that turns on the browser's own
 * notifications of new messages and to-dos (core/host.ts createWebHost notify): ticking it asks
 * the browser's permission; the choice is kept in this browser. Nothing shows in the desktop
 * client, whose notifications are the client's.
 */
export function BrowserNotificationsSwitch() {
  const { t } = useTranslation();
  const [on, setOn] = useState(browserNotificationsOn);
  const [denied, setDenied] = useState(false);
  const [asking, setAsking] = useState(false);
  if (!canNotify()) return null;

  async function change(next: boolean): Promise<void> {
    setAsking(true);
    const now = await switchBrowserNotifications(next).catch(() => false);
    setAsking(false);
    setOn(now);
    setDenied(next && !now);
  }

  return (
    <div style={{ textAlign: 'start' }}>
      <Checkbox
        checked={on}
        disabled={asking}
        onChange={(event) => void change(event.target.checked)}
      >
        {t('attention.browserNotifications')}
      </Checkbox>
      {denied && (
        <p role="status" style={{ margin: '4px 0 0', opacity: 0.75 }}>
          {t('attention.browserDenied')}
        </p>
      )}
    </div>
  );
}
