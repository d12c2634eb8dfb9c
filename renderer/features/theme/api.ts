import { DESKTOP_API } from '../../../contract/api-paths';
import { THEME_TYPE_UNIT, THEME_TYPE_USER } from '../../../contract/desktop-codes';
import { SUCCESS_STATUS } from '../../../contract/envelope';
import { http } from '../../core/http/http';
import type { Query } from '../../core/query/query-cache';
import { parseThemeAnswer, themePayload } from './theme-choice';

/** The user's saved theme (spec §7 my_desktop/color), or null for the default. */
export async function fetchSavedTheme(): Promise<{ theme: string; lang: string | null } | null> {
  const answer = await http.get(DESKTOP_API.myDesktopColor, undefined, {
    noIntercept: true,
  });
  return answer.status === SUCCESS_STATUS ? parseThemeAnswer(answer.data) : null;
}

/** The user's saved theme, as the query cache knows it. */
export function savedThemeQuery(
  userId: string,
): Query<{ theme: string; lang: string | null } | null> {
  return { key: ['saved-theme', userId], fetch: () => fetchSavedTheme() };
}

/** Saves the theme for the user, or (admins) for every user of the unit (spec §2, §6). */
export async function saveTheme(theme: string, lang: string, scope: 'me' | 'unit'): Promise<void> {
  await http.post(DESKTOP_API.setTheme, {
    type: scope === 'unit' ? THEME_TYPE_UNIT : THEME_TYPE_USER,
    theme: themePayload(theme, lang),
  });
}

/** Whether the user holds the system role XX_SYS_ in the base project (spec §6). */
export async function fetchIsAdmin(userId: string): Promise<boolean> {
  const answer = await http.get(DESKTOP_API.userRole(userId), undefined, {
    noIntercept: true,
  });
  return answer.status === SUCCESS_STATUS && answer.data === true;
}

/** Whether the user is an administrator, as the query cache knows it. */
export function isAdminQuery(userId: string): Query<boolean> {
  return { key: ['is-admin', userId], fetch: () => fetchIsAdmin(userId) };
}
