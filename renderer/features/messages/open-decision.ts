import type { DesktopMessage, ModuleExpiryItem } from '../../../contract/desktop';
import { OPEN_WAY_EXPIRY_DIALOG } from '../../../contract/desktop-codes';
import { linkTarget } from '../../core/safe-url';
import { parseExpiryContent } from './expiry-content';

/** What opening a message does (spec §4 "A message opens by its openWay"). */
export type OpenDecision =
  | { kind: 'expiry'; modules: ModuleExpiryItem[] }
  | { kind: 'new-window'; url: string }
  | { kind: 'navigate'; url: string }
  | { kind: 'none' };

/**
 * Spec §4: openWay 1 opens the expiry dialog with the modules of `content`; an http(s) URL opens
 * in a new window; any other URL navigates this window. The URL is the server's, so it must pass
 * safeLinkUrl, and a navigation must stay on this origin (a `//host/path` or `javascript:` URL
 * does nothing). An empty URL does nothing. Pure.
 */
export function openDecision(
  message: Pick<DesktopMessage, 'openWay' | 'url' | 'content'>,
  currentHref: string,
  now: number,
): OpenDecision {
  if (message.openWay === OPEN_WAY_EXPIRY_DIALOG) {
    return { kind: 'expiry', modules: parseExpiryContent(message.content, now) };
  }
  return linkTarget(message.url, currentHref) ?? { kind: 'none' };
}
