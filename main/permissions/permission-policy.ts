/**
 * Which web permissions a page gets. Only the platform's own pages may use the camera (the face
 * widgets, spec §2 and §4) and go fullscreen (the header's fullscreen toggle, spec §2); video
 * only, never the microphone. Everything else (notifications, geolocation, clipboard reads, MIDI,
 * HID, opening external protocols, ...) is denied for every page.
 */

export interface PermissionRequestFacts {
  /** Electron's permission name ('media', 'fullscreen', 'notifications', ...). */
  permission: string;
  /** The URL of the frame asking. */
  requestingUrl: string;
  /** For 'media': what is asked for ('video', 'audio'). */
  mediaTypes?: readonly string[] | undefined;
}

export interface PermissionCheckFacts {
  permission: string;
  /** The origin asking. */
  requestingOrigin: string;
  /** For 'media': 'video', 'audio' or 'unknown'. */
  mediaType?: string | undefined;
}

function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

function isPlatform(origin: string | null, platformOrigin: string | null): boolean {
  return origin !== null && platformOrigin !== null && origin === platformOrigin;
}

/** setPermissionRequestHandler: a page asks (getUserMedia, requestFullscreen, ...). */
export function allowPermissionRequest(
  facts: PermissionRequestFacts,
  platformOrigin: string | null,
): boolean {
  if (!isPlatform(originOf(facts.requestingUrl), platformOrigin)) return false;
  if (facts.permission === 'fullscreen') return true;
  if (facts.permission !== 'media') return false;
  const types = facts.mediaTypes ?? [];
  return types.length > 0 && types.every((type) => type === 'video');
}

/** setPermissionCheckHandler: a page checks whether it has a permission (no prompt). */
export function allowPermissionCheck(
  facts: PermissionCheckFacts,
  platformOrigin: string | null,
): boolean {
  if (!isPlatform(originOf(facts.requestingOrigin), platformOrigin)) return false;
  if (facts.permission === 'fullscreen') return true;
  return facts.permission === 'media' && facts.mediaType === 'video';
}
