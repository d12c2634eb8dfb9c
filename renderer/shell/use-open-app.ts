import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationItem } from '../../contract/desktop';
import { appWindowTarget } from '../../contract/window-targets';
import { launchApp } from '../core/app-url/app-url';
import { isDev } from '../core/env';
import type { CurrentUser } from '../core/session/user-mapper';
import { readLocal, recentAppsKey, writeLocal } from '../core/storage-keys';
import { openSso, recordAccess, rememberRecent } from '../features/menu/index';
import { notify } from '../ui/notify/notify';

/**
 * Opening an application from the desktop, the menu or the search (spec §2 application pages):
 * the launch rule decides; this carries it out and remembers the recent applications.
 */
export function useOpenApp(user: CurrentUser, mobile: boolean): (app: ApplicationItem) => void {
  const { t } = useTranslation();
  // Stable while the user is: the memoised icon grids and menus keep it as a prop.
  return useCallback(
    (app: ApplicationItem) => {
      const launch = launchApp(app, user, { isDev, mobile, firstLoginPage: false });
      switch (launch.kind) {
        case 'ignore':
          return;
        case 'rejected':
          notify.warning(t('menu.rejected'));
          return;
        case 'sso':
          // A failed call has already shown its error; an unoffered provider says so.
          void openSso(launch.provider)
            .then((opened) => {
              if (!opened) notify.info(t('menu.notAvailable'));
            })
            .catch(() => undefined);
          return;
        case 'new-window':
          window.open(launch.url, appWindowTarget(app.code), 'noopener,noreferrer');
          return;
        case 'navigate': {
          const key = recentAppsKey(user.userId);
          const recent = (readLocal(key) ?? '').split(',').filter(Boolean);
          writeLocal(key, rememberRecent(recent, app.code).join(','));
          void recordAccess(user, app).catch(() => undefined);
          window.location.assign(launch.url);
          return;
        }
      }
    },
    [user, mobile, t],
  );
}
