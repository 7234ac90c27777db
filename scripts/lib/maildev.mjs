// A real local SMTP server (maildev) for dev and tests; its REST API reads messages back.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { root } from './pb-args.mjs';
import { collectOutput, stopChild, untilAnswering } from './child-process.mjs';
import { quietPort } from './pb-run.mjs';

export async function startMailDev({ smtpPort, webPort, stdio = 'pipe' } = {}) {
  smtpPort ??= await quietPort();
  webPort ??= await quietPort();
  const child = spawn(
    resolve(root, 'node_modules/.bin/maildev'),
    ['--smtp', String(smtpPort), '--ip', '127.0.0.1', '--web', String(webPort), '--web-ip', '127.0.0.1', '--silent'],
    { cwd: root, stdio: stdio === 'pipe' ? ['ignore', 'pipe', 'pipe'] : 'inherit' },
  );
  const output = collectOutput(child);
  const url = `http://127.0.0.1:${webPort}`;
  await untilAnswering(child, { what: 'maildev', answers: async () => (await fetch(`${url}/api/healthz`)).ok, output });
  return {
    smtpPort,
    webPort,
    url,
    /** Env that points PocketBase's mailer at this server. */
    smtpEnv: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), SMTP_TLS: 'false' },
    async messages() {
      const r = await fetch(`${url}/api/email`);
      return r.json();
    },
    async clear() {
      await fetch(`${url}/api/email/all`, { method: 'DELETE' });
    },
    stop: () => stopChild(child),
  };
}
