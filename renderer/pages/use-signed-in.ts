import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../core/session/session-store';
import type { CurrentUser } from '../core/session/user-mapper';
import { useTheme } from '../core/theme/theme-store';
import { takeLoginSuccess, useLoginCheck } from '../features/login/index';
import { goToLogin, goToPasswordChange } from './navigation';
import { resolvePage } from './page-resolver';

export interface SignedIn {
  user: CurrentUser;
  /** The session was made by this very page load (a login hand-over), not found. */
  justLoggedIn: boolean;
}

/**
 * The session a page of the shell needs: runs the login check and gives the signed-in user once
 * it has one (null until then). A visitor without a session is sent where the check says, or to
 * the login page, which brings them back here afterwards. A user who must change a one-time
 * password is sent to the password change page (which itself shows them), and back here after.
 */
export function useSignedIn(): SignedIn | null {
  const outcome = useLoginCheck();
  const user = useSession((state) => state.user);
  const signedOut = useSession((state) => state.status === 'signed-out');
  const loggedIn =
    (outcome?.kind === 'logged-in' || outcome?.kind === 'just-logged-in') && user !== null;
  const mustChangeFirst =
    user?.mustChangePassword === true &&
    resolvePage(window.location.pathname).kind !== 'change-password';

  useEffect(() => {
    // Signed out here: the logout's own caller goes to the login page; a second navigation
    // would race it and bring the next user back to this page.
    if (outcome === null || signedOut) return;
    if (loggedIn) {
      if (mustChangeFirst) goToPasswordChange();
      return;
    }
    if (outcome.kind === 'redirect') window.location.assign(outcome.url);
    else goToLogin();
  }, [outcome, loggedIn, mustChangeFirst, signedOut]);

  return loggedIn && !mustChangeFirst
    ? { user, justLoggedIn: outcome.kind === 'just-logged-in' }
    : null;
}

/**
 * A login to confirm on this page ('登录成功！'): one handed over by the login page or made by this
 * very page load (a ticket, a callback). Taken when the user becomes known, shown once the page
 * has drawn the user's desktop.
 */
let loginToConfirm = false;

/**
 * A landing page's signed-in user (the desktops, spec §2), null until there is one. Once, when
 * the user is known: the unit's layout is loaded, and a login that just happened is noted for
 * useLoginConfirmation.
 */
export function useLandingUser(): CurrentUser | null {
  const signedIn = useSignedIn();
  const user = signedIn?.user ?? null;
  const justLoggedIn = signedIn?.justLoggedIn === true;
  const known = useRef(false);
  useEffect(() => {
    if (user === null || known.current) return;
    known.current = true;
    useTheme.getState().loadLayout(user.unitId);
    // takeLoginSuccess() always runs, so the hand-over from the login page is used only once.
    if (takeLoginSuccess() || justLoggedIn) loginToConfirm = true;
  }, [user, justLoggedIn]);
  return user;
}

/**
 * Once the landing page has drawn the user's desktop (`drawn`): confirms a login that just
 * happened ('登录成功！'), once, in the status line the returned ref is given (LoginConfirmation,
 * read to screen readers), not in a toast: the desktop's welcome text already shows that the
 * login worked, and a toast would lie over the controls the user reaches for first (the search,
 * My files, the to-do panel, a dialog opened at once).
 */
export function useLoginConfirmation(drawn: boolean): RefObject<HTMLParagraphElement | null> {
  const { t } = useTranslation();
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!drawn || !loginToConfirm || !status.current) return;
    loginToConfirm = false;
    status.current.textContent = t('login.success');
  }, [drawn, t]);
  return status;
}
