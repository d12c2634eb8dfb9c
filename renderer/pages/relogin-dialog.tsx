import { lazy, Suspense } from 'react';
import type { CurrentUser } from '../core/session/user-mapper';
import { loadLoginDialog } from '../features/login/index';
import { reloginDone, useRelogin } from './relogin-store';

// The login form (antd Form, Input, Checkbox, the validators: about 40 KB gzip) is needed only
// when the session ends mid-page: downloaded then, not before the page's first paint.
const LoginDialog = lazy(async () => ({
  default: (await loadLoginDialog()).LoginDialog,
}));

/**
 * The login dialog over a signed-in page whose session ended (./relogin-store.ts), for the
 * page's user: signing in again goes on as `reloginDone` says.
 */
export function ReloginDialog({ pageUser }: { pageUser: Pick<CurrentUser, 'userId' | 'unitId'> }) {
  const { required } = useRelogin();
  if (!required) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialog
        open
        onLoggedIn={(signedIn) => {
          reloginDone(pageUser, signedIn);
        }}
      />
    </Suspense>
  );
}
