import type { ReactNode } from 'react';
import { badgeText } from '../../core/format';
import { safeLinkUrl } from '../../core/safe-url';
import { APP_ICON_TIMING } from '../../../contract/web-build';
import '../count-badge/count-badge.css';
import './app-icon.css';

/**
 * Element Timing (Chromium): the browser records when the name is first painted. React passes
 * the attribute through; its types do not list it, hence the spread.
 */
const NAME_TIMING = { elementtiming: APP_ICON_TIMING };

export interface AppIconProps {
  name: string;
  /** Same-origin or http(s) icon URL; anything else shows the initial instead. */
  image: string;
  unread: number;
  /** Spoken with the name, e.g. "3 unread". */
  unreadLabel: string;
  size?: number;
  onOpen: () => void;
  /** The id of a description read with the icon (how to reorder it). */
  describedBy?: string;
  /** Extra controls (e.g. reorder handles) rendered after the button. */
  children?: ReactNode;
}

/**
 * One application icon (spec §2 desktop and menu): a real button with the icon, the name and
 * the unread badge capped at '99+'; the count is part of the button's accessible name.
 */
export function AppIcon({
  name,
  image,
  unread,
  unreadLabel,
  size = 48,
  onOpen,
  describedBy,
  children,
}: AppIconProps) {
  const src = safeLinkUrl(image);
  const count = badgeText(unread);
  return (
    <div className="app-icon">
      <button
        type="button"
        className="app-icon__button"
        title={name}
        aria-label={count === '' ? name : `${name}, ${unreadLabel}`}
        aria-describedby={describedBy}
        onClick={onOpen}
      >
        {/* A plain badge: antd's Badge cost each of the desktop's many icons a component with
            its own style hooks on every render, too much for slow school PCs. */}
        <span className="app-icon__figure">
          {src === null ? (
            <span className="app-icon__fallback" style={{ width: size, height: size }} aria-hidden>
              {name.slice(0, 1)}
            </span>
          ) : (
            // Lazy: the picture is fetched once the icon is laid out, so that its arrival
            // (each SVG is a document of its own to parse) never holds up the desktop's first
            // paint; an icon scrolled far below is fetched when it comes near.
            <img
              className="app-icon__image"
              src={src}
              alt=""
              width={size}
              height={size}
              loading="lazy"
              decoding="async"
              draggable={false}
            />
          )}
          {count !== '' && <span className="count-badge app-icon__badge">{count}</span>}
        </span>
        <span className="app-icon__name" {...NAME_TIMING}>
          {name}
        </span>
      </button>
      {children}
    </div>
  );
}
