import { useSyncExternalStore } from 'react';
import { screenClass, type ScreenClass } from './format';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => {
    window.removeEventListener('resize', onChange);
  };
}

/** The screen size class (spec §4) of the window, kept up to date on resize. */
export function useScreenClass(): ScreenClass {
  return useSyncExternalStore(subscribe, () => screenClass(window.innerWidth));
}
