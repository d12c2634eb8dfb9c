/** What a handler knows of its caller: Electron's `event.senderFrame` (null once it is gone). */
export interface IpcSenderEvent {
  senderFrame: { url: string; origin: string } | null;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * True only for a frame of the platform origin: its security origin and its URL's origin both
 * match. A frame that navigated away, an about:srcdoc or data: frame (opaque origin), a foreign
 * iframe inside a platform page and the bundled app:// pages are all refused.
 */
export function isPlatformSender(event: IpcSenderEvent, platformOrigin: string | null): boolean {
  const frame = event.senderFrame;
  if (!frame || platformOrigin === null) return false;
  return frame.origin === platformOrigin && originOf(frame.url) === platformOrigin;
}
