/** The part of the main window closing to the tray needs (Electron's BrowserWindow). */
export interface ClosableWindow {
  on(event: 'close', listener: (event: { preventDefault(): void }) => void): unknown;
  hide(): void;
}

export interface CloseToTrayDeps {
  /** The user's setting or the CloseToTray policy (settings/preferences.ts). */
  enabled(): boolean;
  /** True once the app is quitting (app 'before-quit': the tray's or the menu's Quit). */
  quitting(): boolean;
  /** Whether the user was already told once that the client keeps running. */
  explained(): boolean;
  /** Tells the user (one notification) and remembers that it did. */
  explain(): void;
}

/**
 * Closing the main window hides it to the tray instead of quitting, unless the app is quitting
 * or the setting is off; the first time, one notification says so.
 */
export function attachCloseToTray(window: ClosableWindow, deps: CloseToTrayDeps): void {
  window.on('close', (event) => {
    if (deps.quitting() || !deps.enabled()) return;
    event.preventDefault();
    window.hide();
    if (!deps.explained()) deps.explain();
  });
}
