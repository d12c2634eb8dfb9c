import type { CurrentUser } from '../core/session/user-mapper';
import { loadLoginDialog } from '../features/login/index';
import { lazyDialog } from '../ui/lazy-part';
import { reloginDone, useRelogin } from './relogin-store';

// The login form (antd Form, Input, Checkbox, the validators: about 40 KB gzip) is needed only
// when the session ends mid-page: downloaded then, not before the page's first paint.
const LoginDialog = lazyDialog(async () => (await loadLoginDialog()).LoginDialog);

/**
 * The login dialog over a signed-in page whose session ended (./relogin-store.ts), for the
 * page's user: signing in again goes on as `reloginDone` says.
 */
export function ReloginDialog({
  pageUser,
}: {
  pageUser: Pick<CurrentUser, 'userId' | 'unitId' | 'loginName'>;
}) {
  const { required } = useRelogin();
  if (!required) return null;
  return (
    <LoginDialog
      open
      account={pageUser.loginName}
      onLoggedIn={(signedIn) => {
        reloginDone(pageUser, signedIn);
      }}
    />
  );
}
