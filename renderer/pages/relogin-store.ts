import { create } from 'zustand';
import { clearUserSessionStorage } from '../core/session/logout-storage';
import type { CurrentUser } from '../core/session/user-mapper';

/**
 * Set when the session ended mid-page (the refresh failed or a signature did not verify):
 * the page then shows the login dialog overlay instead of navigating away, so nothing on the
 * page is lost.
 */
interface ReloginState {
  required: boolean;
  require: () => void;
  done: () => void;
}

export const useRelogin = create<ReloginState>((set) => ({
  required: false,
  require: () => {
    set({ required: true });
  },
  done: () => {
    set({ required: false });
  },
}));

/**
 * The login dialog signed someone in (docs/choices.md, "Session expiry mid-page"). The same user
 * goes on where they were. Another user, or the same account in another unit, gets the page
 * afresh, theirs: nothing of the previous user's (what they typed, their counts, messages and
 * lists, kept by the page's query cache under keys without a user; their session's theme and
 * flags, core/session/logout-storage.ts) is shown to them.
 */
export function reloginDone(
  pageUser: Pick<CurrentUser, 'userId' | 'unitId'>,
  signedIn: CurrentUser | null,
  reload: () => void = () => {
    window.location.reload();
  },
): void {
  if (
    signedIn !== null &&
    (signedIn.userId !== pageUser.userId || signedIn.unitId !== pageUser.unitId)
  ) {
    clearUserSessionStorage();
    reload();
    return;
  }
  useRelogin.getState().done();
}
