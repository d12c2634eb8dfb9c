/**
 * The login page for a visitor without a session, coming back to `href` afterwards (spec §4 step
 * 10, as the shell's renderer/pages/navigation.ts goToLogin does): the login page honours a
 * same-origin redirect_uri only (renderer/core/app-url/landing.ts).
 */
export function loginUrlFor(href: string): string {
  return `/login?redirect_uri=${encodeURIComponent(href)}`;
}
