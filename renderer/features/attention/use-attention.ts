import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesktopMessage, PopupList, UnreadCounts } from '../../../contract/desktop';
import { getHost } from '../../core/host';
import { useServerText } from '../../core/i18n/traditional';
import { queryCache, type Query, type QueryKey } from '../../core/query/query-cache';
import {
  badgeCount,
  countRises,
  newItems,
  nextPollDelay,
  notificationsFor,
  triggerMayAsk,
  type NotificationTexts,
} from './attention-rules';

/** The queries the desktop already shows, which the poll asks again in place. */
export interface AttentionSources {
  /** unhandlecount: the bell's and the to-do panel's counts. */
  counts: Query<UnreadCounts>;
  /** message_select_not_read: the messages dialog's list. */
  messages: Query<DesktopMessage[]>;
  /** The to-do panel's first page (popUpBox_select): the newest to-dos. */
  todos: Query<PopupList>;
  /** Asked again (where shown) whenever a count changes: the icons' badges, the to-do pages. */
  alsoRefresh: readonly QueryKey[];
  /** A message's source as the page names it. */
  sourceName: (source: string) => string;
  /** Where a notification without a platform link of its own leads: this desktop. */
  home: string;
}

interface Texts {
  messages: NotificationTexts;
  todos: NotificationTexts;
}

function ignore(): undefined {
  return undefined;
}

/** Tells the host something; a host that fails to show it changes nothing for the page. */
function tell(call: () => Promise<void> | undefined): void {
  void Promise.resolve().then(call).catch(ignore);
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The desktop learns of new messages and to-dos while it is open: the counts are asked at most
 * once a minute (at once when the window regains the focus or the page becomes visible; less
 * often after failures; not while a browser tab is hidden, but on in the desktop client), and
 * the answer updates the bell and the to-do count where they are. When a count rises, the new
 * messages or to-dos are read (updating the messages dialog and the to-do panel in place), the
 * icons' badges are asked again, and the host is told: its badge (messages + to-dos) and a
 * notification of each new item, or one summary of a burst (./attention-rules.ts).
 */
export function useAttention(sources: AttentionSources): void {
  const { t } = useTranslation();
  const local = useServerText();
  const latest = useRef({ sources, texts: null as Texts | null });
  useEffect(() => {
    const body = (item: DesktopMessage) => local(item.messageMeno);
    const title = (item: DesktopMessage) => sources.sourceName(item.module);
    latest.current = {
      sources,
      texts: {
        messages: {
          summary: (count) => t('attention.newMessages', { count }),
          summaryBody: t('attention.openDesktop'),
          title,
          body,
        },
        todos: {
          summary: (count) => t('attention.newTodos', { count }),
          summaryBody: t('attention.openDesktop'),
          title,
          body,
        },
      },
    };
  });

  // One poll per set of queries (each render builds new query objects of the same keys).
  const keys = JSON.stringify([sources.counts.key, sources.messages.key, sources.todos.key]);
  useEffect(() => {
    const { counts, messages, todos } = latest.current.sources;
    const host = getHost();
    let previous: UnreadCounts | null = null;
    let knownMessages: ReadonlySet<string> | null = null;
    let knownTodos: ReadonlySet<string> | null = null;
    // Each change is handled after the one before (no item announced twice).
    let handling: Promise<void> = Promise.resolve();
    let stopped = false;

    /** Reads the new items (sharing a call already on its way) and tells the host of them. */
    async function announce(
      read: () => Promise<DesktopMessage[]>,
      rise: number,
      known: ReadonlySet<string> | null,
      which: keyof Texts,
    ): Promise<ReadonlySet<string> | null> {
      let items: DesktopMessage[];
      try {
        items = await read();
      } catch {
        return known;
      }
      const { texts, sources: now } = latest.current;
      if (stopped || texts === null) return known;
      const fresh = newItems(items, known, rise);
      for (const notification of notificationsFor(fresh, rise, texts[which], now.home)) {
        tell(() => host.notify?.(notification));
      }
      return new Set(items.map((item) => item.id));
    }

    async function handle(next: UnreadCounts): Promise<void> {
      const before = previous;
      previous = next;
      if (before !== null && before.message === next.message && before.todo === next.todo) return;
      tell(() => host.setBadgeCount?.(badgeCount(next)));
      if (before === null) return;
      for (const key of latest.current.sources.alsoRefresh) void queryCache.invalidate(key);
      const rise = countRises(before, next);
      if (rise.message > 0) {
        const read = () => queryCache.fetch(messages);
        knownMessages = await announce(read, rise.message, knownMessages, 'messages');
      }
      if (rise.todo > 0) {
        const read = async () => (await queryCache.fetch(todos)).list;
        knownTodos = await announce(read, rise.todo, knownTodos, 'todos');
      }
    }

    function onCounts(): void {
      const state = queryCache.getState(counts);
      if (state.status !== 'success' || state.data === undefined) return;
      const next = state.data;
      handling = handling.then(() => handle(next)).catch(ignore);
    }
    const unsubscribe = queryCache.subscribe(counts, onCounts);
    onCounts();

    let failures = 0;
    let lastAskAt = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;

    /** A browser tab out of sight asks nothing; the desktop client keeps asking (its tray). */
    function hiddenTab(): boolean {
      return document.visibilityState === 'hidden' && host.kind !== 'desktop';
    }

    function schedule(): void {
      clearTimeout(timer);
      if (!stopped) timer = setTimeout(ask, nextPollDelay(failures, Math.random()));
    }

    function ask(): void {
      clearTimeout(timer);
      if (stopped) return;
      // Paused while hidden: the page becoming visible asks again.
      if (hiddenTab()) {
        schedule();
        return;
      }
      lastAskAt = Date.now();
      queryCache
        .fetch(counts, { replace: true })
        .then(
          () => {
            failures = 0;
          },
          (error: unknown) => {
            if (!isAbort(error)) failures += 1;
          },
        )
        .finally(schedule);
    }

    function onAttention(): void {
      if (hiddenTab() || !triggerMayAsk(Date.now(), lastAskAt)) return;
      ask();
    }

    schedule();
    window.addEventListener('focus', onAttention);
    document.addEventListener('visibilitychange', onAttention);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('focus', onAttention);
      document.removeEventListener('visibilitychange', onAttention);
      unsubscribe();
    };
  }, [keys]);
}
