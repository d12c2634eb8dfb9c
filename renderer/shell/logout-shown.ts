import type { HostKind } from '../../contract/host';
import { inAppClient } from '../features/login/index';

/**
 * Whether the header shows Logout (spec §2 page header: "hidden in the desktop client and in the
 * enterprise chat work client"). The PC desktop hides it in the desktop client; the phone's
 * desktop wherever a host signs the user out (the native app too). WeCom's work client (its user
 * agent names wxwork, features/login/social/in-app-client.ts) signs the user in and out itself.
 */
export function logoutShown(
  hostKind: HostKind,
  userAgent: string,
  surface: 'pc' | 'mobile',
): boolean {
  if (inAppClient(userAgent) === 'qy') return false;
  return surface === 'pc' ? hostKind !== 'desktop' : hostKind === 'web';
}
