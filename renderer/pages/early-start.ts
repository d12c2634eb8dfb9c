import { startLoginCheck } from '../features/login/use-login-check';
import { prefetchMyAppsOnSignIn } from '../features/menu/prefetch-apps';

/**
 * What a page that needs a session starts before its own code has run (bootstrap.tsx): the
 * login check, and for the desktops the icon list's call the moment the check knows the user.
 * Their calls are the path from sign-in to the desktop's icons (issue 17), and the desktop's
 * chunk (about 350 KB of script to evaluate) need not be in front of them.
 */
export function startSignedInPage(lang: string, icons: boolean): void {
  // Watching first, so it sees the user arrive.
  if (icons) prefetchMyAppsOnSignIn();
  startLoginCheck(lang);
}
