import { FORM_LIMITS } from '@/lib/contract/contract.gen';
import { TextField } from '@/ui/field/Field';
import * as styles from './ViewingRoom.css';

/** First and last name side by side: the room's entry and an inquiry ask for them apart. */
export function NameParts({ errors }: { errors: Partial<Record<'firstName' | 'lastName' | 'name', string>> }) {
  return (
    <div className={styles.row}>
      <TextField
        label="First name"
        name="firstName"
        autoComplete="given-name"
        required
        maxLength={FORM_LIMITS.namePart}
        error={errors.firstName ?? errors.name}
      />
      <TextField
        label="Last name"
        name="lastName"
        autoComplete="family-name"
        required
        maxLength={FORM_LIMITS.namePart}
        error={errors.lastName}
      />
    </div>
  );
}
