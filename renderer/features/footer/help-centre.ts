import { DESKTOP_API, HELP_CENTRE_PATH } from '../../../contract/api-paths';
import { WINDOW_TARGETS } from '../../../contract/window-targets';
import { http } from '../../core/http/http';
import { wireText } from '../../core/wire';

export interface HelpCentreParams {
  /** Where the help centre returns to: the page it was opened from. */
  redUrl: string;
  /** The current user's access token (spec §3 current user); empty when unknown. */
  accessToken: string;
  unitId: string;
  key?: string;
}

/**
 * The help-centre URL with the query parameters of spec §2: redUrl, accessToken, unitId and the
 * optional key.
 */
export function helpCentreUrl(params: HelpCentreParams, origin = window.location.origin): string {
  const url = new URL(HELP_CENTRE_PATH, origin);
  url.searchParams.set('redUrl', params.redUrl);
  url.searchParams.set('accessToken', params.accessToken);
  url.searchParams.set('unitId', params.unitId);
  if (params.key !== undefined && params.key !== '') url.searchParams.set('key', params.key);
  return url.href;
}

/**
 * Opens the help centre (spec §2): in its own window, or by navigation on mobile. The unit's key
 * (GET help_key) is added when the platform has one; without it the help centre still opens.
 */
export async function openHelpCentre(
  user: { unitId: string; accessToken: string },
  mobile: boolean,
  { signedIn = true }: { signedIn?: boolean } = {},
): Promise<void> {
  let key = '';
  // The key is the signed-in user's unit's: the login page opens the help centre without it.
  if (signedIn) {
    try {
      key = wireText((await http.get(DESKTOP_API.helpKey, undefined, { noIntercept: true })).data);
    } catch {
      // The key is optional.
    }
  }
  const url = helpCentreUrl({
    redUrl: window.location.href,
    accessToken: user.accessToken,
    unitId: user.unitId,
    key,
  });
  if (mobile) window.location.assign(url);
  else window.open(url, WINDOW_TARGETS.helpCentre, 'noopener');
}
