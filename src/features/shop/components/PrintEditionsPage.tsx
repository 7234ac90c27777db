import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { copiesLeft, useLiveStock } from '@/lib/stock/live-stock';
import { container, eyebrow } from '@/styles/utils.css';
import { printsQueryOptions } from '../api/prints';
import { CurrencySelect } from './CurrencySelect';
import { PrintCard } from './PrintCard';
import * as styles from './ShopPage.css';

/** /print-editions: active prints by sort order, currency selector, Add to Cart. */
export function PrintEditionsPage({ highlight }: { highlight?: string }) {
  const { data: prints } = useSuspenseQuery(printsQueryOptions());
  const live = useLiveStock();

  // /print-editions?print={slug} (the home teaser's link) brings that print into view.
  useEffect(() => {
    if (highlight) document.getElementById(`print-${highlight}`)?.scrollIntoView({ block: 'center' });
  }, [highlight]);

  return (
    <div className={`${container} ${styles.page}`}>
      <header className={styles.header}>
        <div>
          <p className={eyebrow}>Shop</p>
          <h1 className={styles.title}>Print Editions</h1>
          <p className={styles.lead}>
            Limited-edition giclée prints, signed, on archival paper. Free worldwide shipping from Stockholm (average
            2-4 weeks); import duties and taxes may apply.
          </p>
        </div>
        <CurrencySelect />
      </header>
      {prints.length > 0 ? (
        <div className={styles.grid}>
          {prints.map((p, i) => (
            <PrintCard
              key={p.id}
              print={p}
              available={copiesLeft(live, p)}
              highlighted={p.slug === highlight}
              priority={i === 0}
            />
          ))}
        </div>
      ) : (
        <p className={styles.empty}>No prints available right now.</p>
      )}
    </div>
  );
}
