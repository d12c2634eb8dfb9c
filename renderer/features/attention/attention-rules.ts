/**
 * The decisions of the desktop's attention poll (./use-attention.ts), as pure functions: when to
 * ask the counts again, whether they rose, which items are new, and what the host is told.
 */
import type { DesktopMessage, UnreadCounts } from '../../../contract/desktop';
import type { HostNotification } from '../../../contract/host';
import { isPlatformRoute } from '../../../contract/platform-route';

/** The counts are asked at most once a minute while nothing goes wrong. */
export const POLL_INTERVAL_MS = 60_000;
/** After failures the wait doubles, up to this. */
export const POLL_MAX_DELAY_MS = 15 * 60_000;
/** Focus or visibility asks at once, unless the last ask was this recent. */
export const TRIGGER_MIN_GAP_MS = 5_000;
/** More new items than this at once become one summary notification. */
export const BURST_MAX = 3;
/** A notification's body shows at most this many characters of an item's text. */
export const BODY_MAX_CHARS = 120;

/**
 * The wait before the next ask: the interval, or after `failures` failed asks in a row the
 * interval doubled for each (capped), spread by `random` (0–1) over its upper half so that the
 * clients of a server that comes back do not all ask in the same second.
 */
export function nextPollDelay(failures: number, random: number): number {
  if (failures <= 0) return POLL_INTERVAL_MS;
  const doubled = Math.min(POLL_INTERVAL_MS * 2 ** Math.min(failures, 10), POLL_MAX_DELAY_MS);
  const spread = Math.min(Math.max(random, 0), 1);
  return Math.round(doubled / 2 + (doubled / 2) * spread);
}

/** May a focus or a page becoming visible ask now (`lastAskAt`: when the last ask left)? */
export function triggerMayAsk(now: number, lastAskAt: number): boolean {
  return now - lastAskAt >= TRIGGER_MIN_GAP_MS;
}

/** How much each count rose from `before` to `after` (0 when it stayed or fell). */
export function countRises(before: UnreadCounts, after: UnreadCounts): UnreadCounts {
  return {
    message: Math.max(0, after.message - before.message),
    todo: Math.max(0, after.todo - before.todo),
  };
}

/** The host's badge: unread messages and to-dos together. */
export function badgeCount(counts: UnreadCounts): number {
  return counts.message + counts.todo;
}

/**
 * The items to announce after a count rose by `rise`: those not `known` (the ids seen before);
 * when nothing was seen before, the `rise` newest (by messageDate: any server's order will do).
 */
export function newItems(
  items: readonly DesktopMessage[],
  known: ReadonlySet<string> | null,
  rise: number,
): DesktopMessage[] {
  if (known !== null) return items.filter((item) => !known.has(item.id));
  const newestFirst = [...items].sort((a, b) =>
    a.messageDate === b.messageDate ? 0 : a.messageDate < b.messageDate ? 1 : -1,
  );
  return newestFirst.slice(0, Math.max(0, rise));
}

/** `text` cut to `max` characters (whole code points), with an ellipsis when cut. */
export function truncate(text: string, max = BODY_MAX_CHARS): string {
  const points = Array.from(text.trim().replace(/\s+/g, ' '));
  return points.length <= max ? points.join('') : `${points.slice(0, max - 1).join('')}…`;
}

/** The texts of the notifications, in the user's language. */
export interface NotificationTexts {
  /** "5 条新消息": the summary of a burst. */
  summary: (count: number) => string;
  /** The summary's body. */
  summaryBody: string;
  /** An item's title (its source, as the page names it). */
  title: (item: DesktopMessage) => string;
  /** An item's text, in the user's script. */
  body: (item: DesktopMessage) => string;
}

/**
 * What the host is told of `items` (new since the last look) after a count rose by `rise`: one
 * notification each, or for more than BURST_MAX one summary of the rise; nothing when no item
 * is new (a count that came back after a failed ask). An item opens its own
 * link when that is a platform route, else `home` (the desktop), as the summary does.
 */
export function notificationsFor(
  items: readonly DesktopMessage[],
  rise: number,
  texts: NotificationTexts,
  home: string,
): HostNotification[] {
  if (items.length === 0) return [];
  const count = Math.max(rise, items.length);
  if (count > BURST_MAX) {
    return [{ title: texts.summary(count), body: texts.summaryBody, route: home }];
  }
  return items.map((item) => ({
    title: truncate(texts.title(item), BODY_MAX_CHARS),
    body: truncate(texts.body(item)),
    route: isPlatformRoute(item.url) ? item.url : home,
  }));
}
