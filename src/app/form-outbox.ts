import { registerFormOutboxHandlers } from '@/lib/forms/submit';
import { startOutboxDrainer } from '@/lib/offline/outbox-runtime';
import { toast } from '@/ui/toast/toast-store';

/** Contact and newsletter forms filled in offline are sent from the outbox; say when they went out. */
export function startFormOutbox(): void {
  registerFormOutboxHandlers((op) => {
    toast(
      op === 'contact'
        ? { title: 'Message sent', description: 'Your message written offline has now been sent.' }
        : { title: 'Subscribed', description: 'Your sign-up made offline has now been sent.' },
    );
  });
  startOutboxDrainer();
}
