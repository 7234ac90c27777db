#!/usr/bin/env node
// CLI: a local Stripe stand-in (see scripts/lib/stripe-standin.mjs).
//   node scripts/stripe-standin.mjs --port 12199 --webhook http://127.0.0.1:8090/api/stripe/webhook --secret whsec_x
// Prints one JSON line {url, apiKey, webhookSecret} once ready; stops on SIGTERM/SIGINT.
import { parseArgs } from 'node:util';
import { startStripeStandin } from './lib/stripe-standin.mjs';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    webhook: { type: 'string' },
    secret: { type: 'string' },
    host: { type: 'string' },
  },
});
const standin = await startStripeStandin({
  port: values.port ? Number(values.port) : undefined,
  host: values.host,
  webhookUrl: values.webhook,
  webhookSecret: values.secret,
});
console.log(JSON.stringify({ url: standin.url, apiKey: standin.apiKey, webhookSecret: standin.webhookSecret }));
const stop = async () => {
  await standin.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
