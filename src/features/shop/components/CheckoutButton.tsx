import { useState } from 'react';
import { rememberedNewsletterEmail } from '@/lib/forms/remembered';
import { useOnlineStatus } from '@/lib/offline/online';
import { toast } from '@/ui/toast/toast-store';
import { button } from '@/ui/button/button.css';
import { TextField } from '@/ui/field/Field';
import { createPrintPayment } from '../api/create-payment';
import { type CheckoutTab, checkoutEmailProblem, runCheckout } from '../model/checkout';
import { useCartStore } from '../store';
import * as styles from './CartPanel.css';

function openBlankTab(): CheckoutTab | null {
  // Opened inside the click so popup blockers allow it; pointed at Stripe once the
  // server answers.
  const w = window.open('', '_blank');
  if (!w) return null;
  try {
    w.opener = null;
  } catch {
    // cross-origin already: nothing to cut
  }
  return { navigate: (url) => w.location.replace(url), close: () => w.close() };
}

/**
 * The checkout email (the copies are held under it; Stripe's page starts with it) and Checkout:
 * "Creating checkout..." and disabled while running or when empty; online only.
 */
export function CheckoutButton() {
  const items = useCartStore((s) => s.items);
  const currency = useCartStore((s) => s.currency);
  const checkoutStarted = useCartStore((s) => s.checkoutStarted);
  const typed = useCartStore((s) => s.checkoutEmail);
  const setEmail = useCartStore((s) => s.setCheckoutEmail);
  // what was typed this visit, else the address the visitor subscribed with
  const [remembered] = useState(() => rememberedNewsletterEmail() ?? '');
  const email = typed ?? remembered;
  const online = useOnlineStatus();
  const [running, setRunning] = useState(false);
  const [emailError, setEmailError] = useState('');

  const onClick = async () => {
    if (running) return;
    setEmailError(checkoutEmailProblem(email)?.description ?? '');
    setRunning(true);
    try {
      await runCheckout({
        items,
        currency,
        email,
        online,
        openTab: openBlankTab,
        navigateHere: (url) => window.location.assign(url),
        create: createPrintPayment,
        toast,
        onOpened: checkoutStarted,
      });
    } finally {
      setRunning(false);
    }
  };

  return (
    <>
      <TextField
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
        disabled={running || items.length === 0 || !online}
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
