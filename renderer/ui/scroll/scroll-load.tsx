import { Spin } from 'antd';
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  type ReactNode,
  type Ref,
} from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyData } from '../empty/empty-data';

/** Loads more within this many px of the end (spec §9). */
export const SCROLL_LOAD_THRESHOLD_PX = 10;
/** The scroll-to animation's default duration (spec §9). */
export const SCROLL_TO_DURATION_MS = 500;

/** True when the scroll position is within `threshold` px of the end. */
export function nearEnd(
  box: { scrollTop: number; clientHeight: number; scrollHeight: number },
  threshold = SCROLL_LOAD_THRESHOLD_PX,
): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= threshold;
}

/** Ease in and out (the animation's curve), for t in [0, 1]. */
export function easeInOut(t: number): number {
  return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
}

/** Scrolls an element to `top` over `duration` ms; resolves when there. */
export function animateScrollTo(
  element: HTMLElement,
  top: number,
  duration = SCROLL_TO_DURATION_MS,
): Promise<void> {
  const start = element.scrollTop;
  if (duration <= 0 || start === top || typeof requestAnimationFrame !== 'function') {
    element.scrollTop = top;
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const began = performance.now();
    const step = (now: number) => {
      const progress = Math.min(1, (now - began) / duration);
      element.scrollTop = start + (top - start) * easeInOut(progress);
      if (progress < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}

export interface ScrollLoadHandle {
  scrollTo: (top: number, duration?: number) => Promise<void>;
}

export interface ScrollLoadProps {
  /** Loads the next items; the container waits for it before asking again. */
  onLoadMore: () => Promise<void> | void;
  hasMore: boolean;
  loading?: boolean;
  /** Nothing at all to show: the empty-data placeholder. */
  empty?: boolean;
  threshold?: number;
  height?: number | string;
  label?: string;
  handleRef?: Ref<ScrollLoadHandle>;
  children?: ReactNode;
}

/**
 * Scroll-load (spec §9): a scrolling box that asks for more when scrolled within 10 px of its end
 * (and when its content does not fill it yet); `scrollTo` animates over 500 ms by default.
 */
export function ScrollLoad({
  onLoadMore,
  hasMore,
  loading = false,
  empty = false,
  threshold = SCROLL_LOAD_THRESHOLD_PX,
  height = '100%',
  label,
  handleRef,
  children,
}: ScrollLoadProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement | null>(null);
  const asking = useRef(false);

  useImperativeHandle(
    handleRef,
    () => ({
      scrollTo: (top, duration) =>
        box.current ? animateScrollTo(box.current, top, duration) : Promise.resolve(),
    }),
    [],
  );

  // The check of the latest render. A load that settles after the props changed (a new search
  // came while it was pending, and its own answer was dropped) brings no re-render: it asks
  // again with the props of now. A load under unchanged props waits for the re-render its
  // items bring, as before, so an answer that adds nothing never asks in a loop.
  const latestCheck = useRef<() => void>(() => undefined);
  const check = useCallback(() => {
    const element = box.current;
    if (!element || !hasMore || loading || asking.current) return;
    if (!nearEnd(element, threshold)) return;
    asking.current = true;
    const askedUnder = latestCheck.current;
    void Promise.resolve(onLoadMore()).finally(() => {
      asking.current = false;
      if (latestCheck.current !== askedUnder) latestCheck.current();
    });
  }, [hasMore, loading, onLoadMore, threshold]);
  useLayoutEffect(() => {
    latestCheck.current = check;
  });

  // After each load: a box not yet full asks again.
  useEffect(() => {
    check();
  });

  return (
    <div
      ref={box}
      className="ph-scroll-load"
      role="feed"
      aria-busy={loading}
      aria-label={label ?? t('ui.kit.scroll.label')}
      tabIndex={0}
      onScroll={check}
      style={{ height, overflowY: 'auto', overscrollBehavior: 'contain' }}
    >
      {empty && !loading ? <EmptyData /> : children}
      <div
        className="ph-scroll-load__end"
        style={{ textAlign: 'center', padding: 12 }}
        aria-live="polite"
      >
        {loading ? (
          <Spin size="small" description={t('ui.kit.scroll.loading')}>
            <span />
          </Spin>
        ) : !hasMore && !empty ? (
          t('ui.kit.scroll.noMore')
        ) : null}
      </div>
    </div>
  );
}
