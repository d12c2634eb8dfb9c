import { create } from 'zustand';

/** The generic dialogs open now, in the order they opened (their z-index order). */
export const useDialogStack = create<{
  open: string[];
  push: (id: string) => void;
  remove: (id: string) => void;
}>((set) => ({
  open: [],
  push: (id) => {
    set((state) => ({ open: [...state.open.filter((one) => one !== id), id] }));
  },
  remove: (id) => {
    set((state) => ({ open: state.open.filter((one) => one !== id) }));
  },
}));
