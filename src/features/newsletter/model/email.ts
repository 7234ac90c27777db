import { EMAIL_PATTERN } from '@/lib/contract/contract.gen';

/** The server's address check: "{something}@{something}.{something}" with no spaces anywhere. */
export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}
