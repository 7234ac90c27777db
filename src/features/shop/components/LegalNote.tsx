import { LegalLink } from '@/ui/legal/LegalLinks';
import * as styles from './CartPanel.css';

/** Under Checkout: what the buyer agrees to, one tap away. */
export function LegalNote() {
  return (
    <p className={styles.legal}>
      By checking out you accept the <LegalLink page="terms" /> and our <LegalLink page="privacy" />.
    </p>
  );
}
