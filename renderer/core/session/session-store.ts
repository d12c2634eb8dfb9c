import { create } from 'zustand';
import { API } from '../../../contract/api-paths';
import type { Child } from '../../../contract/auth';
import { PARENT_USER_TYPE } from '../../../contract/auth-codes';
import { SUCCESS_STATUS } from '../../../contract/envelope';
import { markSessionRestored } from '../http/client';
import { HAND_OVER_MS, queryCache, type Query } from '../query/query-cache';
import { http } from '../http/http';
import { LOCAL_KEYS, SESSION_KEYS, removeLocal, writeLocal, writeSession } from '../storage-keys';
import { pickCurrentChild } from './children';
import { getHost } from '../host';
import { clearStorageOnLogout } from './logout-storage';
import { parseCurrentUser, serialiseStoredUser, type CurrentUser } from './user-mapper';

/**
 * `signed-out`: the user ended the session on this page (logout); whoever asked for it goes on
 * (to the login page), and nothing else sends the page anywhere.
 */
export type SessionStatus = 'unknown' | 'checking' | 'logged-in' | 'logged-out' | 'signed-out';

export interface SessionState {
  status: SessionStatus;
  user: CurrentUser | null;
}

export interface FetchCurrentUserOptions {
  /**
   * When the session has expired and cannot be refreshed, also ask the app for a re-login (the
   * login dialog). Off by default: the login check (spec §4) decides itself what follows.
   */
  reloginOnExpiry?: boolean;
}

export interface SessionActions {
  fetchCurrentUser(options?: FetchCurrentUserOptions): Promise<CurrentUser | null>;
  logout(): Promise<void>;
  selectChild(child: Child): void;
}

export type SessionStore = SessionState & SessionActions;

export const useSession = create<SessionStore>()(() => ({
  status: 'unknown',
  user: null,
  fetchCurrentUser,
  logout,
  selectChild,
}));

export function selectIsLoggedIn(state: SessionState): boolean {
  return state.status === 'logged-in';
}

export function isLoggedIn(): boolean {
  return selectIsLoggedIn(useSession.getState());
}

/** A parent's current child per spec §4, reflected in childId and childName. */
function withCurrentChild(user: CurrentUser): CurrentUser {
  const current = pickCurrentChild(user.childList, user.currentChild ?? user.childId);
  if (!current) return { ...user, currentChild: null };
  return { ...user, currentChild: current, childId: current.id, childName: current.realName };
}

function storeUser(user: CurrentUser): void {
  writeLocal(LOCAL_KEYS.user, serialiseStoredUser(user));
}

/** Not logged in: forget the user locally. No server call, there is no session to end. */
function forgetUser(): void {
  removeLocal(LOCAL_KEYS.user);
  useSession.setState({ status: 'logged-out', user: null });
}

async function loadCurrentUser(options: FetchCurrentUserOptions): Promise<CurrentUser | null> {
  // A re-check of a logged-in user must not flash the UI back to "checking".
  if (useSession.getState().status !== 'logged-in') useSession.setState({ status: 'checking' });
  let user: CurrentUser | null = null;
  try {
    const envelope = await http.get(
      API.me,
      { noIntercept: true },
      {
        signed: true,
        noIntercept: true,
        silentAuthFailure: options.reloginOnExpiry !== true,
        // The page waits on the user: the call leaves ahead of the tasks the boot has queued.
        priority: 'user-blocking',
      },
    );
    if (envelope.status === SUCCESS_STATUS) user = parseCurrentUser(envelope.data);
  } catch {
    // Unauthorised, bad signature, network: all leave the user logged out (spec §8).
    user = null;
  }
  if (!user) {
    forgetUser();
    return null;
  }
  if (user.userType === PARENT_USER_TYPE) user = withCurrentChild(user);
  storeUser(user);
  markSessionRestored();
  useSession.setState({ status: 'logged-in', user });
  return user;
}

/**
 * The current-user call (spec §4) as the page's query cache knows it. Its options are part of
 * its key: a caller who wants the re-login dialog never gets the answer of a silent call.
 */
export function currentUserQuery(options: FetchCurrentUserOptions = {}): Query<CurrentUser | null> {
  const reloginOnExpiry = options.reloginOnExpiry === true;
  return {
    key: ['current-user', reloginOnExpiry],
    fetch: () => loadCurrentUser({ reloginOnExpiry }),
  };
}

/**
 * Asks the platform who is logged in (spec §4): logged in only when the signed answer has status
 * 200 and a user; otherwise the user is forgotten and the status becomes logged-out. Concurrent
 * calls share one request (the query cache).
 */
export function fetchCurrentUser(
  options: FetchCurrentUserOptions = {},
): Promise<CurrentUser | null> {
  return queryCache.fetch(currentUserQuery(options));
}

/**
 * Starts the current-user call ahead of the login check that will ask it first (the page's boot,
 * before React and antd are evaluated: renderer/boot/early-calls.ts). The store is updated as
 * soon as the answer comes, like any current-user call.
 */
export function prefetchCurrentUser(): void {
  fetchCurrentUser().catch(() => undefined);
}

/**
 * The signed-in user a current-user call started ahead found (while fresh), else the answer of a
 * call of its own (shared with one on its way). Only a user is handed over: a "nobody" answer
 * may be outdated by a sign-in since (the login check asks again after each of its own).
 */
export function takeCurrentUser(): Promise<CurrentUser | null> {
  const early = queryCache.getData(currentUserQuery(), HAND_OVER_MS);
  return early ? Promise.resolve(early) : fetchCurrentUser();
}

/**
 * Logout (spec §4): tells the server (a failure is silently ignored, spec §8), then clears the
 * storage the spec names and resets the session.
 */
export async function logout(): Promise<void> {
  try {
    await http.post(API.logout, undefined, { noIntercept: true, skipAuthRefresh: true });
  } catch {
    // Spec §8: logout failures are silently ignored; the local session ends regardless.
  }
  clearStorageOnLogout();
  // Nothing the signed-out user was shown is shown to the next one.
  queryCache.clear();
  // The desktop client forgets this server's vault entry; the web keeps its sealed record.
  await getHost()
    .onLoggedOut()
    .catch(() => undefined);
  useSession.setState({ status: 'signed-out', user: null });
}

/** A parent picks a child: it becomes the current child and the session's saved choice. */
export function selectChild(child: Child): void {
  const { user } = useSession.getState();
  if (!user) return;
  const next: CurrentUser = {
    ...user,
    currentChild: child,
    childId: child.id,
    childName: child.realName,
  };
  writeSession(SESSION_KEYS.childId, child.id);
  storeUser(next);
  useSession.setState({ user: next });
}
