import { Button, Drawer, Empty, Result, Spin } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HAND_OVER_MS, queryCache } from '../../core/query/query-cache';
import { useQuery } from '../../core/query/use-query';
import { markTodoRead, TODO_PAGES, todoPageQuery } from './api';
import { TodoItem } from './todo-item';
import {
  TODO_IDLE_CLOSE_MS,
  createIdleTimer,
  type IdleTimer,
  markTodoClosedThisSession,
} from './todo-rules';
import { linkTarget } from '../../core/safe-url';

/**
 * Under every dialog: the panel opens by itself once the counts arrive, which on a slow PC can be
 * after the user opened a dialog; it must never lie over that dialog (antd's modals and drawers
 * share z-index 1000, and the later one in the page would win).
 */
export const TODO_PANEL_Z_INDEX = 990;

/** The panel's width: room for three items and their two actions. */
export const TODO_PANEL_WIDTH = 360;
/** As a bottom sheet: at most half the screen, so the icons above stay in reach. */
export const SHEET_HEIGHT = 'min(50dvh, 420px)';

/** What counts as an interaction inside the panel (spec §4: each one restarts the 15 s). */
const INTERACTIONS = [
  'pointerdown',
  'pointermove',
  'keydown',
  'wheel',
  'scroll',
  'focusin',
  'touchstart',
] as const;

export interface TodoPanelProps {
  open: boolean;
  /** byIcon: closed by its close icon (or Esc); false when it closed itself after 15 s. */
  onClose: (byIcon: boolean) => void;
  /** An item was ignored (marked read): the caller refreshes its unread counts. */
  onChanged: () => void;
  /** The mobile desktop shows it as a bottom sheet (at most half the screen) instead. */
  sheet?: boolean;
  /** An item's source as the page names it (the application's one name). */
  sourceName?: (source: string) => string;
}

interface ContentProps {
  onTotal: (total: number) => void;
  onChanged: () => void;
  sourceName: ((source: string) => string) | undefined;
}

function TodoContent({ onTotal, onChanged, sourceName }: ContentProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  // The last page drawn from its own answer: where a page that failed to load goes back to.
  const [drawnPage, setDrawnPage] = useState(1);
  const [ignoringId, setIgnoringId] = useState<string | null>(null);
  // The first page may have been prefetched with the desktop's calls (prefetchFirstTodoPage).
  const todo = useQuery(todoPageQuery(page), {
    staleMs: page === 1 ? HAND_OVER_MS : 0,
    keepPrevious: true,
  });
  const current = todo.status === 'success' ? todo.data : undefined;
  if (current !== undefined && drawnPage !== page) setDrawnPage(page);

  // A page beyond the first that comes back empty (its last item was just ignored) steps back
  // one page, like the paged container of spec §4.
  if (current?.list.length === 0 && page > 1 && current.total > 0) {
    setPage(Math.max(1, Math.min(page - 1, current.pages)));
  }
  // A page that failed to load (reported by the request client, §8 toast) goes back to the one
  // that was shown.
  if (todo.status === 'error' && todo.data !== undefined && drawnPage !== page) {
    setPage(drawnPage);
  }

  const total = todo.data?.total;
  useEffect(() => {
    if (total !== undefined) onTotal(total);
  }, [total, onTotal]);

  const loading = todo.fetching || todo.status === 'pending';

  async function ignore(id: string): Promise<void> {
    setIgnoringId(id);
    try {
      await markTodoRead(id);
      onChanged();
    } catch {
      // Reported by the request client; the item stays.
    }
    // Every page moved: the one shown is asked again, the others when next shown.
    await queryCache.invalidate(TODO_PAGES);
    setIgnoringId(null);
  }

  function view(url: string): (() => void) | null {
    const target = linkTarget(url);
    if (target === null) return null;
    return () => {
      if (target.kind === 'new-window') window.open(target.url, '_blank', 'noopener,noreferrer');
      else window.location.assign(target.url);
    };
  }

  const { data } = todo;
  if (data === undefined) {
    if (todo.status === 'error') {
      return (
        <Result
          status="warning"
          title={t('todo.loadFailed')}
          extra={
            <Button
              type="primary"
              onClick={() => {
                void todo.refetch();
              }}
            >
              {t('todo.retry')}
            </Button>
          }
        />
      );
    }
    return (
      <div style={{ padding: 32, textAlign: 'center' }}>
        <Spin />
        <p>{t('todo.loading')}</p>
      </div>
    );
  }

  const pages = Math.max(data.pages, 1);
  // A column: the items scroll above the pager, which stays whole at the panel's foot (a short
  // bottom sheet on a phone cannot show three items and the pager at once).
  return (
    <div
      aria-busy={loading}
      style={{ display: 'flex', flexDirection: 'column', gap: 12, flex: 1, minHeight: 0 }}
    >
      <p className="visually-hidden" role="status" aria-live="polite">
        {t('todo.summary', { total: data.total, page, pages })}
      </p>
      {data.list.length === 0 ? (
        <Empty description={t('todo.empty')} />
      ) : (
        <ul
          className="todo-panel__list"
          aria-label={t('todo.listLabel')}
          style={{
            listStyle: 'none',
            margin: 0,
            // Room inside the scrolling box for the items' focus rings.
            padding: 2,
            display: 'grid',
            alignContent: 'start',
            gap: 12,
            // Its own height while there is room (the pager right below it), less when not.
            flex: '0 1 auto',
            minHeight: 0,
            overflow: 'auto',
          }}
        >
          {data.list.map((item) => (
            <li key={item.id}>
              <TodoItem
                item={item}
                onView={view(item.url)}
                onIgnore={() => {
                  void ignore(item.id);
                }}
                ignoring={ignoringId === item.id}
                sourceName={sourceName}
              />
            </li>
          ))}
        </ul>
      )}
      <nav
        aria-label={t('todo.pagination')}
        style={{
          display: 'flex',
          flex: 'none',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 8,
        }}
      >
        <Button
          disabled={page <= 1 || loading}
          onClick={() => {
            setPage(page - 1);
          }}
        >
          {t('todo.previous')}
        </Button>
        <span>{t('todo.page', { page, pages })}</span>
        <Button
          disabled={page >= data.pages || loading}
          onClick={() => {
            setPage(page + 1);
          }}
        >
          {t('todo.next')}
        </Button>
      </nav>
    </div>
  );
}

/**
 * The to-do panel (spec §2, §4): a right-side panel titled with the total, three items per
 * page with previous and next, 'view' (opens the item's URL like a message) and 'ignore' (marks
 * it read) per item. It closes itself after 15 s without an interaction (pointer, keys, wheel,
 * scroll, focus inside it), each one restarting the count. Closed by its icon (or Esc, the
 * icon's keyboard equivalent) it sets the session flag so the desktop does not show it again
 * this session (see shouldShowTodoPanel). It has no mask: the desktop stays usable beside it.
 */
export function TodoPanel({ open, onClose, onChanged, sheet = false, sourceName }: TodoPanelProps) {
  const { t } = useTranslation();
  const [total, setTotal] = useState<number | null>(null);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });
  // The countdown of the open panel; null while it is closed.
  const idleRef = useRef<IdleTimer | null>(null);

  useEffect(() => {
    if (!open) return;
    const idle = createIdleTimer(TODO_IDLE_CLOSE_MS, () => {
      onCloseRef.current(false);
    });
    idleRef.current = idle;
    idle.restart();
    return () => {
      idle.stop();
      idleRef.current = null;
    };
  }, [open]);

  // Native capture listeners: scroll does not bubble, so only a capture listener on the panel
  // hears a scroll of its body. React 19 runs the returned cleanup when the panel unmounts.
  const watchInteractions = useCallback((element: HTMLDivElement | null) => {
    if (element === null) return;
    const restart = () => {
      idleRef.current?.restart();
    };
    for (const type of INTERACTIONS) {
      element.addEventListener(type, restart, { capture: true, passive: true });
    }
    return () => {
      for (const type of INTERACTIONS) {
        element.removeEventListener(type, restart, { capture: true });
      }
    };
  }, []);

  return (
    <Drawer
      open={open}
      placement={sheet ? 'bottom' : 'right'}
      size={sheet ? SHEET_HEIGHT : TODO_PANEL_WIDTH}
      // todo-panel: toasts step aside while it is open on the right (shell/shell-layout.css).
      rootClassName={sheet ? 'todo-panel sheet' : 'todo-panel'}
      mask={false}
      zIndex={TODO_PANEL_Z_INDEX}
      // The panel opens by itself after sign-in: it must not take the focus from what the user
      // is doing (typing in the search box, say). Its controls are reachable with Tab.
      autoFocus={false}
      destroyOnHidden
      title={total === null ? t('todo.title') : t('todo.titleWithTotal', { total })}
      closable={{ 'aria-label': t('todo.close') }}
      // The body does not scroll itself: its list does, above the pager (TodoContent).
      styles={{
        body: { display: 'flex', flexDirection: 'column', minHeight: 0, overflow: 'hidden' },
      }}
      onClose={() => {
        markTodoClosedThisSession();
        onClose(true);
      }}
      afterOpenChange={(visible) => {
        if (!visible) setTotal(null);
      }}
      drawerRender={(node) => (
        <div ref={watchInteractions} style={{ height: '100%' }}>
          {node}
        </div>
      )}
    >
      <TodoContent onTotal={setTotal} onChanged={onChanged} sourceName={sourceName} />
    </Drawer>
  );
}
