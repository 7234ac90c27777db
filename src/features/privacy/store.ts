import { create } from 'zustand';

/** Whether the visitor asked to see the consent banner again ("Privacy choices" in the footer). */
export const usePrivacyChoices = create<{ open: boolean; show: () => void; hide: () => void }>((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}));
