import type { Device } from '../../../contract/http-headers';
import { landingPageOfPath } from '../../../contract/web-build';

/**
 * Post-login landing pages (spec §2 "Post-login landing pages"), as one pure function so every
 * rule is tested in one place.
 */

/** The user fields the landing rules read. */
export interface LandingUser {
  userType: string;
  unitType: string;
  unitId: string;
}

export interface LandingInput {
  user: LandingUser;
  device: Device;
  isDev: boolean;
  /** The root folder (first path segment, or the configured root path). */
  root: string;
  /** The redirect_uri query parameter, if any: it takes priority over every other target. */
  redirectUri: string | null;
  /** Where the login happened (full URL): decides the /redirect/{name} and settings rules. */
  currentUrl: string;
  /** Units hard-wired to the pc_app_tm page (spec §9: the value is not shown; configurable). */
  pcAppUnitIds: readonly string[];
}

export type LandingTarget = { kind: 'stay' } | { kind: 'go'; url: string };

/** Landing paths look like /{root}/{code}/{page}/index.html: their first segment is the root. */
const LANDING_PATH = /^\/([A-Za-z0-9_-]+)\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+\/index\.html$/;

/** The root folder of a landing path (spec §2 "/{root}/..."), falling back to the configured one. */
export function landingRoot(pathname: string, configuredRoot = 'pages'): string {
  return LANDING_PATH.exec(pathname)?.[1] ?? configuredRoot;
}

/** The settings paths exempt from the post-login redirect. */
const SETTINGS_PATHS = ['desktop/setting', 'areaDesktop/setting'];

/**
 * The shell's password change page, under the same root as the desktop: where a user who must
 * change a one-time password is sent from every page (docs/security.md).
 */
export function changePasswordPath(root: string, isDev: boolean): string {
  return isDev ? '/pc_changePassword_all.html' : `/${root}/base/pc_changePassword_all/index.html`;
}

/** /redirect/{name} (spec §2): a login there opens that application. */
export const REDIRECT_PATH = /^\/redirect\/([A-Za-z0-9_-]+)\/?$/;

/** Teachers and type 4 (treated like teachers) use the tm id path (spec §1, §2). */
export function isTeacherLike(userType: string): boolean {
  return userType === '2' || userType === '4';
}

/**
 * A redirect_uri is honoured only when it stays on this origin: an off-site value would make
 * the login page an open redirector. Returns the absolute same-origin URL, or null.
 */
export function sameOriginRedirect(redirectUri: string | null, currentUrl: string): string | null {
  if (redirectUri === null || redirectUri.trim() === '') return null;
  let base: URL;
  let target: URL;
  try {
    base = new URL(currentUrl);
    target = new URL(redirectUri, base);
  } catch {
    return null;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return null;
  if (target.origin !== base.origin) return null;
  return target.href;
}

function isSettingsPath(url: URL): boolean {
  const where = `${url.pathname}${url.hash}`;
  return SETTINGS_PATHS.some((path) => where.includes(path));
}

export function desktopLandingPath(
  input: Pick<LandingInput, 'user' | 'device' | 'isDev' | 'root' | 'pcAppUnitIds'>,
): string {
  const { user, device, isDev, root, pcAppUnitIds } = input;
  const mobile = device !== 'pc';
  if (isDev) return mobile ? '/mobile_desktop_all.html' : '/pc_desktop_all.html';
  if (mobile) return `/${root}/base/mobile_desktop_all/index.html`;
  if (pcAppUnitIds.includes(user.unitId)) return `/${root}/base/pc_app_tm/index.html`;
  if (user.unitType === '1') return '/area/areaBase/pc_areaDesktop_all/index.html';
  return `/${root}/base/pc_desktop_all/index.html`;
}

/** The shell's My files page, under the same root as the desktop. */
export function myFilesPath(root: string, isDev: boolean): string {
  return isDev ? '/pc_myFiles_all.html' : `/${root}/base/pc_myFiles_all/index.html`;
}

/** /redirect/{name} → /pages/{name}/pc_{name}_tm|spm/index.html (mobile_ on mobile). */
export function redirectNamePath(name: string, user: LandingUser, device: Device): string {
  const prefix = device === 'pc' ? 'pc' : 'mobile';
  const idPath = isTeacherLike(user.userType) ? 'tm' : 'spm';
  return `/pages/${name}/${prefix}_${name}_${idPath}/index.html`;
}

export function landingTarget(input: LandingInput): LandingTarget {
  const redirect = sameOriginRedirect(input.redirectUri, input.currentUrl);
  if (redirect !== null) return { kind: 'go', url: redirect };

  let current: URL;
  try {
    current = new URL(input.currentUrl);
  } catch {
    return { kind: 'go', url: desktopLandingPath(input) };
  }
  if (isSettingsPath(current)) return { kind: 'stay' };

  const named = REDIRECT_PATH.exec(current.pathname);
  if (named?.[1] !== undefined) {
    return { kind: 'go', url: redirectNamePath(named[1], input.user, input.device) };
  }
  return { kind: 'go', url: desktopLandingPath(input) };
}

/**
 * Where a login on this page will most likely land before the user is known: the login page
 * prerenders it while the user types. The user's unit is taken to be the login page's
 * own (its host's); null where only the user can decide (a /redirect/{name} page goes by the
 * user's type) or where the login page stays. Only this build's landing pages (the desktops,
 * landingPageOfPath): their boot calls nothing until shown, while another module's page (a
 * redirect_uri to an application) would call the platform prerendered, before the login.
 */
export function likelyLandingUrl(
  input: Omit<LandingInput, 'user'> & { unit: Pick<LandingUser, 'unitType' | 'unitId'> | null },
): string | null {
  const { unit, ...rest } = input;
  // The user's type is unknown: it decides only /redirect/{name}'s page, never a landing page,
  // which the check below keeps. An address that does not parse gives no path: no guess.
  const user = { userType: '', unitType: unit?.unitType ?? '', unitId: unit?.unitId ?? '' };
  const target = landingTarget({ ...rest, user });
  if (target.kind !== 'go') return null;
  const path = URL.parse(target.url, rest.currentUrl)?.pathname;
  return path !== undefined && landingPageOfPath(path) !== undefined ? target.url : null;
}
