import { registerFormOutboxHandlers } from '@/lib/forms/submit';
import { startOutboxDrainer } from '@/lib/offline/outbox-runtime';
import { toast } from '@/ui/toast/toast-store';

/**
 * Contact and newsletter forms filled in offline are sent from the outbox; say when they went
 * out, or that the server refused them (they stay listed under "Not sent" until discarded).
 */
export function startFormOutbox(): void {
  registerFormOutboxHandlers(
    (op) => {
      toast(
        op === 'contact'
          ? { title: 'Message sent', description: 'Your message written offline has now been sent.' }
          : { title: 'Subscribed', description: 'Your sign-up made offline has now been sent.' },
      );
    },
    (op, error) => {
      toast({
        title: op === 'contact' ? 'Message not sent' : 'Sign-up not sent',
        description: error,
        destructive: true,
      });
    },
  );
  startOutboxDrainer();
}
