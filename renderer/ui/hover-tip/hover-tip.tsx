import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import './hover-tip.css';

/** A mouse rests this long on the control before its tip shows (as antd's tooltip). */
export const HOVER_TIP_DELAY_MS = 100;

/** The gap between the control and its tip. */
const GAP_PX = 8;

/**
 * Below the control (the header's buttons), or right of it (the left menu's buttons, at the
 * screen's left edge).
 */
export type HoverTipPlacement = 'bottom' | 'right';

/** Where the tip shows (fixed, in the viewport), and which of the bubble's shapes it takes. */
export interface HoverTipPlace {
  /** 'start' and 'end' are below the control, 'right' is beside it. */
  side: 'start' | 'end' | 'right';
  /** Below: the tip's top. Right: the control's middle, which the tip centres on. */
  top: number;
  /** The tip starts here (below, at the control's left edge; right, past its right edge) ... */
  left?: number;
  /** ... or ends at the control's right edge (below). */
  right?: number;
  /** Below: the arrow's distance from the tip's aligned edge (the control's half width). */
  arrow: number;
}

/**
 * Below the control: one left of the screen's middle gets a tip that starts at its left edge,
 * one right of it a tip that ends at its right edge (the header's last buttons sit at the right
 * edge), so the tip never runs off the screen; the arrow points at the control's middle. Right
 * of the control: the tip is centred on its middle, the arrow on the tip's left side.
 */
export function placeHoverTip(
  rect: { left: number; right: number; top: number; bottom: number; width: number; height: number },
  viewportWidth: number,
  placement: HoverTipPlacement = 'bottom',
): HoverTipPlace {
  if (placement === 'right') {
    return { side: 'right', top: rect.top + rect.height / 2, left: rect.right + GAP_PX, arrow: 0 };
  }
  const top = rect.bottom + GAP_PX;
  const arrow = rect.width / 2;
  return rect.left + arrow <= viewportWidth / 2
    ? { side: 'start', top, left: rect.left, arrow }
    : { side: 'end', top, right: viewportWidth - rect.right, arrow };
}

/** What a keyboard user can reach inside the tip's anchor: the control the tip describes. */
const CONTROL = 'button, a[href], input, select, textarea, [tabindex]';

/** Whether the focus came from the keyboard (a click focuses a button too, and shows no tip). */
function focusedByKeyboard(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false;
  }
}

export interface HoverTipProps {
  title: string;
  /** Below the control (the default), or right of it. */
  placement?: HoverTipPlacement;
  children: ReactNode;
}

/**
 * The renderer's tooltip: shown after a mouse rests on the control or once the keyboard's focus
 * comes to it, gone when the mouse leaves or the focus goes, on a press or a click (so it does
 * not linger over the dialog the click opened), on Esc, and never for a touch or a pen (a tap
 * fires a hover too, and the tip would stay over the sheet the tap opened). While shown, the
 * control names the tip in `aria-describedby`. Unlike antd's Tooltip it costs the page nothing
 * until it shows: no trigger, portal or measuring while the header renders (the desktop's first
 * render on slow PCs, docs/performance.md).
 */
export function HoverTip({ title, placement = 'bottom', children }: HoverTipProps) {
  const [place, setPlace] = useState<HoverTipPlace | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const anchorRef = useRef<HTMLSpanElement>(null);
  const id = useId();

  const cancel = () => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
  };
  const hide = () => {
    cancel();
    setPlace(null);
  };
  const showSoon = (anchor: HTMLElement) => {
    cancel();
    timer.current = window.setTimeout(() => {
      setPlace(
        placeHoverTip(
          anchor.getBoundingClientRect(),
          document.documentElement.clientWidth,
          placement,
        ),
      );
    }, HOVER_TIP_DELAY_MS);
  };

  useEffect(() => cancel, []);
  // A layout effect: Esc works from the moment the tip is on screen, not a frame later.
  useLayoutEffect(() => {
    if (place === null) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        cancel();
        setPlace(null);
      }
    };
    window.addEventListener('keydown', onKey);
    // The control, not this wrapper, is what a screen reader is on.
    const control = anchorRef.current?.querySelector(CONTROL);
    control?.setAttribute('aria-describedby', id);
    return () => {
      window.removeEventListener('keydown', onKey);
      control?.removeAttribute('aria-describedby');
    };
  }, [place, id]);

  return (
    <span
      ref={anchorRef}
      className="hover-tip"
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') showSoon(event.currentTarget);
      }}
      onPointerLeave={hide}
      onPointerDown={hide}
      onClickCapture={hide}
      onFocus={(event) => {
        if (focusedByKeyboard(event.target)) showSoon(event.currentTarget);
      }}
      onBlur={hide}
    >
      {children}
      {/* In the page's top layer, as antd's popups: above the header and the panels below it. */}
      {place !== null &&
        createPortal(
          <span
            id={id}
            role="tooltip"
            className={`hover-tip__bubble hover-tip__bubble--${place.side}`}
            style={
              {
                top: place.top,
                left: place.left,
                right: place.right,
                '--hover-tip-arrow': `${String(place.arrow)}px`,
              } as CSSProperties
            }
          >
            {title}
          </span>,
          document.body,
        )}
    </span>
  );
}
