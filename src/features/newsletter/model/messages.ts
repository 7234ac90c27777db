import type { ToastInput } from '@/ui/toast/toast-store';

/** Offline: the sign-up is saved on this device, not yet accepted. */
export const QUEUED_TOAST: ToastInput = {
  title: 'Saved offline',
  description: 'You are offline. We will subscribe you as soon as you are back online.',
};
