import type { HostKind } from '../../../contract/host';
import { NATIVE_APP_UA_MARKER } from '../../core/device';

/**
 * Whether the phone's desktop offers the voice recorder. Spec §2: "Voice recorder (mobile,
 * native app only)": inside the native app (its bridge, or its marker in the user agent,
 * core/device.ts). A unit may offer it in phone browsers too with `voiceInBrowser: true` in its
 * decorationSet (the unit login configuration, docs/voice.md): the browser's own microphone path
 * works. Until the unit's configuration has arrived (`decorationSet` undefined) a browser does
 * not offer it.
 */
export function voiceOffered(
  userAgent: string,
  hostKind: HostKind,
  decorationSet: string | undefined,
): boolean {
  if (hostKind === 'app' || NATIVE_APP_UA_MARKER.test(userAgent)) return true;
  if (decorationSet === undefined) return false;
  try {
    const parsed: unknown = JSON.parse(decorationSet);
    return (
      typeof parsed === 'object' &&
      parsed !== null &&
      (parsed as { voiceInBrowser?: unknown }).voiceInBrowser === true
    );
  } catch {
    return false;
  }
}
