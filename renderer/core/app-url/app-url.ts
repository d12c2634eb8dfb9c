/**
 * Opening an application (spec §2 "Application pages"): every URL rule in one pure module.
 */

/** The fields of an application item (spec §3) the rules read. */
export interface LaunchableApp {
  code: string;
  menuRoute: string;
  serverId: string;
  deployPath: string;
  /** A string of user types, e.g. "2,4" (spec §3). */
  frontUserType: string;
}

export interface LaunchingUser {
  userType: string;
  unitType: string;
}

export interface LaunchOptions {
  isDev: boolean;
  /** Mobile pages use mobile_ instead of pc_. */
  mobile: boolean;
  /** On the first login page the codes desktop and comment are ignored. */
  firstLoginPage: boolean;
}

export type Launch =
  | { kind: 'ignore'; reason: 'no-action' | 'first-login-page' }
  | { kind: 'new-window'; url: string }
  | { kind: 'sso'; provider: 'haikang' | 'ysy' }
  | { kind: 'navigate'; url: string }
  | { kind: 'rejected'; reason: 'tm-prefix' | 'invalid' };

/** Codes with their own behaviour (spec §2). */
export const SSO_CODES = ['haikang', 'ysy'] as const;
export const NO_ACTION_CODES = ['ykt'] as const;
export const FIRST_LOGIN_PAGE_IGNORED = ['desktop', 'comment'] as const;

const SAFE = /^[A-Za-z0-9_-]+$/;
/** A same-origin page path of safe segments (no '..', no '//'), with an optional hash or query. */
const PAGE_ROUTE = /^(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+\.html([?#].*)?$/;

/** The id path of a user: spm for types 1 and 3, tm otherwise (spec §1). */
export function userIdPath(userType: string): 'spm' | 'tm' {
  return userType === '1' || userType === '3' ? 'spm' : 'tm';
}

/** pre when the app's frontUserType list holds the user's type, else the user's own id path. */
export function appIdPath(frontUserType: string, userType: string): 'pre' | 'spm' | 'tm' {
  const types = frontUserType
    .split(/[,\s;|]+/)
    .map((type) => type.trim())
    .filter(Boolean);
  return types.includes(userType) ? 'pre' : userIdPath(userType);
}

/** A unit of type 1 deploys under area, otherwise under pages. */
export function rootPath(unitType: string): 'area' | 'pages' {
  return unitType === '1' ? 'area' : 'pages';
}

function trimSlashes(value: string): string {
  return value.trim().replace(/^\/+|\/+$/g, '');
}

/** The page URL of an application (spec §2). Null when a segment is not a safe name. */
export function appPageUrl(
  app: LaunchableApp,
  user: LaunchingUser,
  options: Pick<LaunchOptions, 'isDev' | 'mobile'>,
): string | null {
  const prefix = options.mobile ? 'mobile' : 'pc';
  const idPath = appIdPath(app.frontUserType, user.userType);
  if (!SAFE.test(app.code)) return null;
  const page = `${prefix}_${app.code}_${idPath}`;
  if (options.isDev) return `/${page}.html`;
  const base = trimSlashes(app.deployPath) || rootPath(user.unitType);
  const serverId = trimSlashes(app.serverId);
  if (!base.split('/').every((segment) => SAFE.test(segment)) || !SAFE.test(serverId)) return null;
  return `/${base}/${serverId}/${page}/index.html`;
}

/** Decides what a click on an application does. */
export function launchApp(app: LaunchableApp, user: LaunchingUser, options: LaunchOptions): Launch {
  const code = app.code;
  if (!SAFE.test(code)) return { kind: 'rejected', reason: 'invalid' };
  if (options.firstLoginPage && (FIRST_LOGIN_PAGE_IGNORED as readonly string[]).includes(code)) {
    return { kind: 'ignore', reason: 'first-login-page' };
  }
  if ((NO_ACTION_CODES as readonly string[]).includes(code))
    return { kind: 'ignore', reason: 'no-action' };
  if (code === 'haikang' || code === 'ysy') return { kind: 'sso', provider: code };
  if (/^https?:\/\//i.test(app.menuRoute.trim())) {
    try {
      return { kind: 'new-window', url: new URL(app.menuRoute.trim()).href };
    } catch {
      return { kind: 'rejected', reason: 'invalid' };
    }
  }
  const route = app.menuRoute.trim();
  // A menu route may name the page itself (/{root}/{serverId}/pc_{code}_tm/index.html).
  const namesPage = PAGE_ROUTE.test(route);
  const page = namesPage ? route : appPageUrl(app, user, options);
  if (page === null) return { kind: 'rejected', reason: 'invalid' };
  // Spm users (types 1 and 3) never open the app's teacher (tm) page.
  if (userIdPath(user.userType) === 'spm' && new RegExp(`_${code}_tm\\b`).test(page)) {
    return { kind: 'rejected', reason: 'tm-prefix' };
  }
  if (namesPage) return { kind: 'navigate', url: page };
  return { kind: 'navigate', url: route.startsWith('/') ? `${page}#${route}` : page };
}
