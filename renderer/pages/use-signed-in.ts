import { useEffect } from 'react';
import { useSession } from '../core/session/session-store';
import type { CurrentUser } from '../core/session/user-mapper';
import { useLoginCheck } from '../features/login/use-login-check';
import { goToLogin } from './navigation';

export interface SignedIn {
  user: CurrentUser;
  /** The session was made by this very page load (a login hand-over), not found. */
  justLoggedIn: boolean;
}

/**
 * The session a page of the shell needs: runs the login check and gives the signed-in user once
 * it has one (null until then). A visitor without a session is sent where the check says, or to
 * the login page, which brings them back here afterwards.
 */
export function useSignedIn(): SignedIn | null {
  const outcome = useLoginCheck();
  const user = useSession((state) => state.user);
  const loggedIn =
    (outcome?.kind === 'logged-in' || outcome?.kind === 'just-logged-in') && user !== null;

  useEffect(() => {
    if (outcome === null || loggedIn) return;
    if (outcome.kind === 'redirect') window.location.assign(outcome.url);
    else goToLogin();
  }, [outcome, loggedIn]);

  return loggedIn ? { user, justLoggedIn: outcome.kind === 'just-logged-in' } : null;
}
