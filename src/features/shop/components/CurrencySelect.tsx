import { useId } from 'react';
import { CURRENCIES, type Currency, isCurrency } from '../model/currency';
import { useCartStore, useCurrency } from '../store';
import * as styles from './CurrencySelect.css';
import { useShopPricing } from './use-shop-pricing';

/** EUR / SEK / USD, remembered with the cart; says when rates are not live. */
export function CurrencySelect() {
  const id = useId();
  const currency = useCurrency();
  const setCurrency = useCartStore((s) => s.setCurrency);
  const { rates } = useShopPricing();
  return (
    <div className={styles.wrap}>
      <label htmlFor={id} className={styles.label}>
        Currency
      </label>
      <select
        id={id}
        className={styles.select}
        value={currency}
        onChange={(e) => {
          if (isCurrency(e.target.value)) setCurrency(e.target.value as Currency);
        }}
        data-testid="currency-select"
      >
        {CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {c.toUpperCase()}
          </option>
        ))}
      </select>
      {rates.source !== 'live' && currency !== 'eur' ? (
        <span className={styles.note} role="status">
          Using cached rates
        </span>
      ) : null}
    </div>
  );
}
