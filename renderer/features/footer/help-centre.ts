import { DESKTOP_API, HELP_CENTRE_PATH } from '../../../contract/api-paths';
import { WINDOW_TARGETS } from '../../../contract/window-targets';
import { http } from '../../core/http/http';
import { wireText } from '../../core/wire';

export interface HelpCentreParams {
  /** Where the help centre returns to: the page it was opened from. */
  redUrl: string;
  unitId: string;
  key?: string;
}

/**
 * The help-centre URL with the query parameters of spec §2: redUrl, accessToken, unitId and the
 * optional key. The session is an http-only cookie that no script can read, so accessToken is
 * sent empty: the help centre lives on the platform's origin and gets the cookie.
 */
export function helpCentreUrl(params: HelpCentreParams, origin = window.location.origin): string {
  const url = new URL(HELP_CENTRE_PATH, origin);
  url.searchParams.set('redUrl', params.redUrl);
  url.searchParams.set('accessToken', '');
  url.searchParams.set('unitId', params.unitId);
  if (params.key !== undefined && params.key !== '') url.searchParams.set('key', params.key);
  return url.href;
}

/**
 * Opens the help centre (spec §2): in its own window, or by navigation on mobile. The unit's key
 * (GET help_key) is added when the platform has one; without it the help centre still opens.
 */
export async function openHelpCentre(unitId: string, mobile: boolean): Promise<void> {
  let key = '';
  try {
    key = wireText((await http.get(DESKTOP_API.helpKey, undefined, { noIntercept: true })).data);
  } catch {
    // The key is optional.
  }
  const url = helpCentreUrl({ redUrl: window.location.href, unitId, key });
  if (mobile) window.location.assign(url);
  else window.open(url, WINDOW_TARGETS.helpCentre, 'noopener');
}
