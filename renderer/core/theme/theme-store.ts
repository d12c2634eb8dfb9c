import { create } from 'zustand';
import {
  readLocal,
  readSession,
  SESSION_KEYS,
  unitStyleKey,
  writeLocal,
  writeSession,
} from '../storage-keys';
import {
  DEFAULT_THEME_COLOR,
  effectiveLayout,
  resolveTheme,
  type Layout,
  type ResolvedTheme,
} from './theme-engine';

/**
 * The page's theme and layout. The theme (a designed theme name or a colour) comes from the
 * server per user and is kept in session storage for the next page; the layout is stored
 * locally under the unit style key (spec §4 theme).
 */
interface ThemeState {
  theme: string;
  resolved: ResolvedTheme;
  /** The layout the user chose; ink, lotus and cartoon still show top (see `layout`). */
  chosenLayout: Layout;
  layout: Layout;
  setTheme: (theme: string) => void;
  setLayout: (layout: Layout, unitId: string) => void;
  /** Reads the unit's stored layout once the unit is known. */
  loadLayout: (unitId: string) => void;
}

function isLayout(value: unknown): value is Layout {
  return value === 'top' || value === 'left';
}

/** The theme kept in this tab's session storage by an earlier page, or the default. */
function sessionTheme(): string {
  return readSession(SESSION_KEYS.theme) ?? DEFAULT_THEME_COLOR;
}

const initialTheme = sessionTheme();

export const useTheme = create<ThemeState>((set, get) => ({
  theme: initialTheme,
  resolved: resolveTheme(initialTheme),
  chosenLayout: 'top',
  layout: 'top',
  setTheme: (theme) => {
    // The same theme again (the saved one the session already had) changes nothing: a new
    // resolved object would re-theme every antd component on the page.
    if (theme === get().theme) return;
    const resolved = resolveTheme(theme);
    writeSession(SESSION_KEYS.theme, theme);
    set({ theme, resolved, layout: effectiveLayout(resolved, get().chosenLayout) });
  },
  setLayout: (layout, unitId) => {
    writeLocal(unitStyleKey(unitId), layout);
    set({ chosenLayout: layout, layout: effectiveLayout(get().resolved, layout) });
  },
  loadLayout: (unitId) => {
    const stored = readLocal(unitStyleKey(unitId));
    const chosen = isLayout(stored) ? stored : 'top';
    if (chosen === get().chosenLayout) return;
    set({ chosenLayout: chosen, layout: effectiveLayout(get().resolved, chosen) });
  },
}));

/**
 * Takes the session's theme again: a prerendered page (core/prerender.ts) made this store before
 * it was shown, and the tab's session storage is the one it reads only from then on.
 */
export function retakeSessionTheme(): void {
  useTheme.getState().setTheme(sessionTheme());
}
