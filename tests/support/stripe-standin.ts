// Stateful Stripe stand-in for integration and e2e tests (implementation shared with the
// CLI in scripts/stripe-standin.mjs and the drop bench).
export { startStripeStandin } from '../../scripts/lib/stripe-standin.mjs';
export type { Delivery, StripeStandin } from '../../scripts/lib/stripe-standin.mjs';
