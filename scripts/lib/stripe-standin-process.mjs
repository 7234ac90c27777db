// The Stripe stand-in in a process of its own (scripts/stripe-standin.mjs), for the benches.
// Stripe is a separate service: in the bench's own process the stand-in would share one event
// loop with the crowd's 2,000 buyers and 2,000 open pages (measured: that loop lags up to 2 s in
// a drop), so PocketBase's calls to "Stripe" would wait for the bench instead of for Stripe.
// Offers what the drop benches use of startStripeStandin: env, setWebhookUrl, pay, stop.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { collectOutput, stopChild } from './child-process.mjs';
import { root } from './pb-args.mjs';

export async function startStripeStandinProcess() {
  const child = spawn(process.execPath, [join(root, 'scripts/stripe-standin.mjs')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collectOutput(child);
  // the CLI prints one JSON line {url, apiKey, webhookSecret} once it answers
  const info = await new Promise((resolve, reject) => {
    let text = '';
    const onData = (d) => {
      text += d;
      const end = text.indexOf('\n');
      if (end < 0) return;
      child.stdout.off('data', onData);
      try {
        resolve(JSON.parse(text.slice(0, end)));
      } catch (err) {
        reject(new Error(`stripe stand-in: ${err.message}\n${output()}`));
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => reject(new Error(`stripe stand-in exited (${code}):\n${output()}`)));
  });
  const control = async (path, body) => {
    const res = await fetch(`${info.url}${path}`, { method: 'POST', body: JSON.stringify(body ?? {}) });
    if (!res.ok) throw new Error(`stripe stand-in ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  return {
    url: info.url,
    /** The stand-in's process id (stripe-mock runs as its child). */
    pid: child.pid,
    env: { STRIPE_SECRET_KEY: info.apiKey, STRIPE_WEBHOOK_SECRET: info.webhookSecret, STRIPE_API_BASE: info.url },
    setWebhookUrl: (url) => control('/_control/webhook-url', { url }),
    /** Marks the session paid and delivers checkout.session.completed: {status, body} of the delivery. */
    pay: (sessionId) => control(`/_control/sessions/${encodeURIComponent(sessionId)}/pay`),
    stop: () => stopChild(child),
  };
}
