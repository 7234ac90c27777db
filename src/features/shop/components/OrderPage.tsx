import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { container, eyebrow } from '@/styles/utils.css';
import { type BuyerOrder, orderQueryOptions } from '../api/order';
import { type Currency, formatPrice } from '../model/currency';
import * as styles from './OrderPage.css';

const STEPS = ['paid', 'shipped', 'delivered'] as const;
const LABEL: Record<string, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  refund_requested: 'Refund on its way',
  refunded: 'Refunded',
  needs_refund: 'Refund on its way',
};

const day = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }) : '';

const money = (cents: number, currency: string) => formatPrice(cents / 100, currency as Currency);

/** paid → shipped → delivered, with the date each step happened. */
function Progress({ order }: { order: BuyerOrder }) {
  if (order.kind !== 'print' || !STEPS.includes(order.status as (typeof STEPS)[number])) return null;
  const reached = STEPS.indexOf(order.status as (typeof STEPS)[number]);
  const when = [order.paid_at, order.shipped_at, order.delivered_at];
  return (
    <ol className={styles.steps} aria-label="Order progress">
      {STEPS.map((s, i) => (
        <li
          key={s}
          className={`${styles.step} ${i <= reached ? styles.stepDone : ''}`}
          aria-current={i === reached ? 'step' : undefined}
        >
          {LABEL[s]}
          {i <= reached && when[i] ? ` · ${day(when[i])}` : ''}
        </li>
      ))}
    </ol>
  );
}

/**
 * Keeps each ready certificate's PDF on this device (the service worker caches the order's
 * certificate files), so the links work offline like the page.
 */
function useCertificatesOffline(order: BuyerOrder) {
  const urls = order.certificates.filter((c) => c.ready).map((c) => c.url);
  const key = urls.join(' ');
  useEffect(() => {
    if (!key || !navigator.onLine || !navigator.serviceWorker?.controller) return;
    for (const url of key.split(' ')) void fetch(url).catch(() => {});
  }, [key]);
}

/** /order/$token: the buyer's own record of an order. */
export function OrderPage({ token }: { token: string }) {
  const { data: order } = useSuspenseQuery(orderQueryOptions(token));
  useCertificatesOffline(order);
  const refunded = order.amount_refunded > 0;
  const reversal = order.bank_reversal ?? null;
  const status = reversal?.full ? 'Reversed by your bank' : (LABEL[order.status] ?? order.status);
  return (
    <div className={`${container} ${styles.page}`}>
      <header className={styles.section}>
        <p className={eyebrow}>Order {order.reference}</p>
        <h1 className={styles.title}>Your order</h1>
        <p className={styles.muted}>
          {order.created ? `Placed on ${day(order.created)} · ` : ''}
          <span data-testid="order-status">{status}</span>
        </p>
        <Progress order={order} />
        {reversal ? (
          <div data-testid="order-reversal" className={styles.section}>
            {reversal.lines.map((line) => (
              <p key={line} className={styles.muted}>
                {line}
              </p>
            ))}
          </div>
        ) : null}
      </header>

      {order.tracking_number || order.tracking_url ? (
        <section className={styles.section} aria-labelledby="tracking-title">
          <h2 id="tracking-title" className={styles.h2}>
            Tracking
          </h2>
          <p className={styles.muted}>
            {order.carrier ? `${order.carrier} · ` : ''}
            {order.tracking_number}
          </p>
          {order.tracking_url ? (
            <p>
              <a href={order.tracking_url} target="_blank" rel="noopener noreferrer">
                Track your parcel
              </a>
            </p>
          ) : null}
        </section>
      ) : null}

      <section className={styles.section} aria-labelledby="items-title">
        <h2 id="items-title" className={styles.h2}>
          Items
        </h2>
        <ul className={styles.list}>
          {order.items.map((it) => (
            <li key={`${it.type}-${it.slug}`} className={styles.row}>
              <span>
                {it.title} × {it.quantity}
                {it.edition_numbers.length ? ` — edition no. ${it.edition_numbers.join(', ')}` : ''}
              </span>
              <span>{money(it.unit_amount * it.quantity, order.currency)}</span>
            </li>
          ))}
          <li className={styles.row}>
            <strong>Total</strong>
            <strong>{money(order.amount_total, order.currency)}</strong>
          </li>
          {refunded ? (
            <li className={styles.row} data-testid="order-refunded">
              <span>
                {reversal ? 'Returned by your bank' : 'Refunded'}
                {(reversal?.at ?? order.refunded_at) ? ` on ${day(reversal?.at ?? order.refunded_at)}` : ''}
              </span>
              <span>−{money(order.amount_refunded, order.currency)}</span>
            </li>
          ) : null}
        </ul>
      </section>

      {order.shipping_address.length ? (
        <section className={styles.section} aria-labelledby="ship-title">
          <h2 id="ship-title" className={styles.h2}>
            Ships to
          </h2>
          <address className={styles.muted} style={{ fontStyle: 'normal' }}>
            {order.shipping_address.map((line) => (
              <div key={line}>{line}</div>
            ))}
          </address>
        </section>
      ) : null}

      {order.certificates.length ? (
        <section className={styles.section} aria-labelledby="certs-title">
          <h2 id="certs-title" className={styles.h2}>
            Certificates of authenticity
          </h2>
          <ul className={styles.list}>
            {order.certificates.map((c) => (
              <li key={c.code} className={styles.row} data-testid="certificate">
                <span className={c.status === 'void' ? styles.void_ : undefined}>
                  {c.title}, {c.edition_number}/{c.edition_size} · <span className={styles.code}>{c.code}</span>
                  {c.status === 'void' ? (reversal ? ' (void: reversed by your bank)' : ' (void: refunded)') : ''}
                </span>
                <span>
                  {c.ready ? (
                    <a href={c.url} download>
                      Download PDF
                    </a>
                  ) : (
                    <span className={styles.muted}>Being prepared</span>
                  )}
                  {' · '}
                  <a href={c.verify_url}>Verify</a>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <p className={styles.muted}>
        This page is your private record of the order: keep the link (it needs no account). Once opened, it also opens
        without a connection on this device.
      </p>
    </div>
  );
}
