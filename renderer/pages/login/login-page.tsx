import { useEffect } from 'react';
import { detectDevice } from '../../core/device';
import { hashRoute, useHash } from '../../core/hash-route';
import { lazyWidget } from '../../ui/lazy-part';
import { PageLoading } from '../page-frame';
import { BindView } from './bind-view';
import { LoginView } from './login-view';
import { prefetchLandingPage } from './prefetch-landing';

// The binding page shares the login form: in the login page's chunk (plain markup, small), so
// the form's code is not split into shared chunks that compress worse. The forgot-password
// page is rarely visited.
const ForgetPasswordView = lazyWidget(
  async () => (await import('./forget-password-view')).ForgetPasswordView,
  { loading: <PageLoading /> },
);

const LOGIN_ROUTES = new Set(['/', '/login', '/login/', '/needtologinpagerelogin']);

/**
 * The login shell: /login (and the root), /bind/, /forgetPassword, in hash routing (spec §2).
 * Unknown routes go to /login.
 */
export function LoginPage({ initialRoute }: { initialRoute: string | null }) {
  const hash = useHash();
  const route = hashRoute(hash === '' && initialRoute !== null ? `#${initialRoute}` : hash);
  const known =
    LOGIN_ROUTES.has(route) ||
    route === '/bind/' ||
    route === '/bind' ||
    route === '/forgetPassword';

  useEffect(() => {
    if (!known) window.location.replace('#/login');
  }, [known]);

  // While the user types, the desktop's code comes into the cache (docs/performance.md).
  useEffect(() => prefetchLandingPage(detectDevice() === 'pc' ? 'desktop' : 'mobile-desktop'), []);

  if (route === '/bind/' || route === '/bind') {
    return <BindView />;
  }
  if (route === '/forgetPassword') {
    return <ForgetPasswordView />;
  }
  return <LoginView />;
}
