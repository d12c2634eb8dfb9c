import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** A mouse rests this long on the control before its tip shows (as antd's tooltip). */
export const HOVER_TIP_DELAY_MS = 100;

/** The gap between the control and its tip. */
const GAP_PX = 8;

/** Where the tip shows (fixed, in the viewport), and its arrow's distance from its aligned edge. */
export interface HoverTipPlace {
  top: number;
  /** The tip starts at the control's left edge ... */
  left?: number;
  /** ... or ends at its right edge. */
  right?: number;
  arrow: number;
}

/**
 * Below the control: one left of the screen's middle gets a tip that starts at its left edge,
 * one right of it a tip that ends at its right edge (the header's last buttons sit at the right
 * edge), so the tip never runs off the screen. The arrow points at the control's middle.
 */
export function placeHoverTip(
  rect: { left: number; right: number; bottom: number; width: number },
  viewportWidth: number,
): HoverTipPlace {
  const top = rect.bottom + GAP_PX;
  const arrow = rect.width / 2;
  return rect.left + arrow <= viewportWidth / 2
    ? { top, left: rect.left, arrow }
    : { top, right: viewportWidth - rect.right, arrow };
}

export interface HoverTipProps {
  title: string;
  children: ReactNode;
}

/**
 * A light tooltip below a header control: shown after a mouse rests on it, gone when the mouse
 * leaves, on a press or a click (so it does not linger over the dialog the click opened), on
 * Esc, and never for a touch or a pen (a tap fires a hover too, and the tip would stay over the
 * sheet the tap opened). Unlike antd's Tooltip it costs the page nothing until it shows: no
 * trigger, portal or measuring while the header renders (the desktop's first render on slow
 * PCs, docs/performance.md). The control keeps its own accessible name; the tip repeats it for
 * the eye.
 */
export function HoverTip({ title, children }: HoverTipProps) {
  const [place, setPlace] = useState<HoverTipPlace | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const cancel = () => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
  };
  const hide = () => {
    cancel();
    setPlace(null);
  };

  useEffect(() => cancel, []);
  useEffect(() => {
    if (place === null) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        cancel();
        setPlace(null);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, [place]);

  return (
    <span
      className="hover-tip"
      onPointerEnter={(event) => {
        if (event.pointerType !== 'mouse') return;
        const anchor = event.currentTarget;
        cancel();
        timer.current = window.setTimeout(() => {
          setPlace(
            placeHoverTip(anchor.getBoundingClientRect(), document.documentElement.clientWidth),
          );
        }, HOVER_TIP_DELAY_MS);
      }}
      onPointerLeave={hide}
      onPointerDown={hide}
      onClickCapture={hide}
    >
      {children}
      {/* In the page's top layer, as antd's popups: above the header and the panels below it. */}
      {place !== null &&
        createPortal(
          <span
            role="tooltip"
            className={`hover-tip__bubble hover-tip__bubble--${place.left === undefined ? 'end' : 'start'}`}
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
