import { grantRoomPass, passFromSignUp } from '@/features/viewing-room/model/access';
import { CONFIRM_FROM_INBOX } from '@/lib/forms/confirm-notice';
import { registerFormOutboxHandlers } from '@/lib/forms/submit';
import { startOutboxDrainer } from '@/lib/offline/outbox-runtime';
import { toast } from '@/ui/toast/toast-store';

/**
 * Contact and newsletter forms filled in offline are sent from the outbox; say when they went
 * out, or that the server refused them (they stay listed under "Not sent" until discarded). A
 * viewing-room entry made offline opens the room once its answer brings the pass.
 */
export function startFormOutbox(): void {
  registerFormOutboxHandlers(
    (op, _payload, answer) => {
      const pass = op === 'newsletter' ? passFromSignUp(answer) : null;
      if (pass) {
        grantRoomPass(pass);
        toast({ title: 'Access granted', description: 'Your entry made offline has been sent: the room is open.' });
        return;
      }
      toast(
        op === 'contact'
          ? { title: 'Message sent', description: 'Your message written offline has now been sent.' }
          : { title: 'Subscribed', description: `Your sign-up made offline has now been sent. ${CONFIRM_FROM_INBOX}` },
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
