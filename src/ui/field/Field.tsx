import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import * as styles from './Field.css';

interface FieldShellProps {
  label: string;
  error?: string;
  optional?: boolean;
  children: (ids: { id: string; errorId: string | undefined }) => ReactNode;
}

function FieldShell({ label, error, optional, children }: FieldShellProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {optional ? <span className={styles.optional}> (optional)</span> : null}
      </label>
      {children({ id, errorId })}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type Common = { label: string; error?: string; optional?: boolean };

export function TextField({
  label,
  error,
  optional,
  ...input
}: Common & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <FieldShell label={label} error={error} optional={optional}>
      {({ id, errorId }) => (
        <input
          id={id}
          className={styles.control}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          {...input}
        />
      )}
    </FieldShell>
  );
}

export function TextArea({ label, error, optional, ...input }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldShell label={label} error={error} optional={optional}>
      {({ id, errorId }) => (
        <textarea
          id={id}
          className={styles.textarea}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          {...input}
        />
      )}
    </FieldShell>
  );
}

export function SelectField({
  label,
  error,
  optional,
  children,
  ...input
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldShell label={label} error={error} optional={optional}>
      {({ id, errorId }) => (
        <select
          id={id}
          className={styles.control}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          {...input}
        >
          {children}
        </select>
      )}
    </FieldShell>
  );
}
