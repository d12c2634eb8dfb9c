import { create } from 'zustand';

/**
 * Set when the session ended mid-page (the refresh failed or a signature did not verify):
 * the page then shows the login dialog overlay instead of navigating away, so nothing on the
 * page is lost.
 */
interface ReloginState {
  required: boolean;
  require: () => void;
  done: () => void;
}

export const useRelogin = create<ReloginState>((set) => ({
  required: false,
  require: () => {
    set({ required: true });
  },
  done: () => {
    set({ required: false });
  },
}));
