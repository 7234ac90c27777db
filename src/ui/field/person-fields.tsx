// The fields every visitor form asks the same way: a name and an email address, with the
// browser's autofill names and the server's length limits (FORM_LIMITS).
import type { InputHTMLAttributes } from 'react';
import { FORM_LIMITS } from '@/lib/contract/contract.gen';
import { TextField } from './Field';

type Props = { error?: string } & InputHTMLAttributes<HTMLInputElement>;

/** The visitor's email address (required unless the form says otherwise). */
export function EmailField({ error, required = true, ...input }: Props) {
  return (
    <TextField
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      required={required}
      maxLength={FORM_LIMITS.email}
      error={error}
      {...input}
    />
  );
}

/** The visitor's whole name (required unless `optional`). */
export function NameField({ error, optional }: { error?: string; optional?: boolean }) {
  return (
    <TextField
      label="Name"
      optional={optional}
      name="name"
      autoComplete="name"
      required={!optional}
      maxLength={FORM_LIMITS.name}
      error={error}
    />
  );
}
