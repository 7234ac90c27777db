import { useEffect, useRef, useState } from 'react';
import { rememberedNewsletterEmail } from '@/lib/forms/remembered';
import { useOnlineStatus } from '@/lib/offline/online';
import { toast } from '@/ui/toast/toast-store';
import { button } from '@/ui/button/button.css';
import { cancelPayment } from '../api/cancel-payment';
import { createPrintPayment } from '../api/create-payment';
import { type CheckoutOutcome, checkoutEmailProblem, runCheckout } from '../model/checkout';
import { useCartStore, useCurrency } from '../store';
import { TextField } from '@/ui/field/Field';
import * as styles from './CartPanel.css';

/**
 * The checkout email (the copies are held under it; Stripe's page starts with it) and Checkout:
 * "Creating checkout..." and busy while running, disabled when empty; online only.
 */
export function CheckoutButton() {
  const items = useCartStore((s) => s.items);
  const currency = useCurrency();
  const previousSession = useCartStore((s) => s.lastCheckoutSession);
  const checkoutStarted = useCartStore((s) => s.checkoutStarted);
  const typed = useCartStore((s) => s.checkoutEmail);
  const setEmail = useCartStore((s) => s.setCheckoutEmail);
  // what was typed this visit, else the address the visitor subscribed with
  const [remembered] = useState(() => rememberedNewsletterEmail() ?? '');
  const email = typed ?? remembered;
  const online = useOnlineStatus();
  const [running, setRunning] = useState(false);
  const [emailError, setEmailError] = useState('');
  const emailField = useRef<HTMLInputElement>(null);

  // Back from Stripe through the browser's back button: the page may come from the
  // back-forward cache with the button still busy.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRunning(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const onClick = async () => {
    if (running) return;
    setEmailError(checkoutEmailProblem(email) ?? '');
    setRunning(true);
    let outcome: CheckoutOutcome = 'failed';
    try {
      outcome = await runCheckout({
        items,
        currency,
        email,
        online,
        previousSession,
        cancel: cancelPayment,
        create: createPrintPayment,
        navigate: (url) => window.location.assign(url),
        toast,
        onOpened: checkoutStarted,
      });
    } finally {
      // Once the Stripe page is on its way the button stays busy: a second click would open a second checkout.
      if (outcome !== 'opened') setRunning(false);
    }
    // the field's own message is the one answer: focus goes where the fix is
    if (outcome === 'email') emailField.current?.focus();
  };

  return (
    <>
      <TextField
        ref={emailField}
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        error={emailError}
        onChange={(e) => {
          setEmail(e.target.value);
          if (emailError) setEmailError('');
        }}
      />
      <button
        type="button"
        className={button({ tone: 'solid', block: true })}
        disabled={items.length === 0 || !online}
        // busy is aria-disabled: a disabled button would drop its focus when a checkout fails
        aria-disabled={running}
        onClick={onClick}
      >
        {running ? 'Creating checkout...' : 'Checkout'}
      </button>
      {!online ? (
        <p className={styles.offline} role="status">
          You are offline. Checkout needs an internet connection.
        </p>
      ) : null}
    </>
  );
}
