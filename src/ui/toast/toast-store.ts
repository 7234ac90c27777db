import { create } from 'zustand';

export interface ToastInput {
  title: string;
  description?: string;
  /** Errors and refusals: styled as such and announced assertively. */
  destructive?: boolean;
  /** Milliseconds before it closes itself; default 5000 (8000 when destructive). */
  duration?: number;
  /**
   * Toasts of one group replace each other: a form's latest outcome, not an old error beside
   * its success; the last print added, not a pile of them.
   */
  group?: string;
}

export interface Toast extends Required<Omit<ToastInput, 'description' | 'group'>> {
  id: string;
  description?: string;
  group?: string;
}

interface ToastState {
  toasts: Toast[];
  show: (input: ToastInput) => string;
  dismiss: (id: string) => void;
  dismissAll: () => void;
}

const MAX_VISIBLE = 3;
let counter = 0;

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  show: (input) => {
    counter += 1;
    const id = `toast-${counter}`;
    const t: Toast = {
      id,
      title: input.title,
      description: input.description,
      destructive: input.destructive ?? false,
      duration: input.duration ?? (input.destructive ? 8000 : 5000),
      group: input.group,
    };
    set((s) => ({
      toasts: [...s.toasts.filter((o) => !t.group || o.group !== t.group), t].slice(-MAX_VISIBLE),
    }));
    return id;
  },
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
  dismissAll: () => set({ toasts: [] }),
}));

/** Shows a toast from anywhere (components, stores, query callbacks). Returns its id. */
export const toast = (input: ToastInput) => useToastStore.getState().show(input);
