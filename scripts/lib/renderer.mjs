// Starts the server renderer (dist-ssr/render-server.mjs, built by `vite build`) beside
// PocketBase, for `npm start`, the e2e server and the bench. PocketBase asks it for public
// pages on 127.0.0.1:RENDER_PORT and serves the app shell whenever it cannot answer.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { portSaid, stopChild, untilAnswering } from './child-process.mjs';
import { root } from './pb-args.mjs';

export const RENDERER_ENTRY = resolve(root, 'dist-ssr', 'render-server.mjs');

/**
 * What PocketBase and the renderer share for the images' WebP copies, for both processes' env:
 * RENDER_SECRET (the renderer's /images answers only requests carrying it) and IMAGE_WORK_DIR
 * (a fresh private folder: mkdtemp makes it 0700 and ours, under a name nobody could have
 * made in advance; removed when this process exits). Values already in `env` are kept.
 */
export function rendererLink(env = process.env) {
  const link = {
    RENDER_SECRET: env.RENDER_SECRET || randomBytes(32).toString('base64url'),
    IMAGE_WORK_DIR: env.IMAGE_WORK_DIR,
  };
  if (!link.IMAGE_WORK_DIR) {
    const dir = mkdtempSync(join(env.TMPDIR || tmpdir(), 'atelier-images-'));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    link.IMAGE_WORK_DIR = dir;
  }
  return link;
}

/** Where the renderer reaches PocketBase: loopback when PocketBase listens on every address. */
export function loopbackUrl(host, port) {
  const h = !host || host === '0.0.0.0' || host === '::' || host === '[::]' ? '127.0.0.1' : host;
  return `http://${h.includes(':') && !h.startsWith('[') ? `[${h}]` : h}:${port}`;
}

/**
 * Spawns the renderer and resolves once /health answers. With `restart`, a renderer that dies
 * (an error, a kill; not a stop it was asked for) is started again (PocketBase serves the shell
 * meanwhile), at most 5 times a minute.
 */
export async function startRenderer({ port, pbUrl, siteUrl, env = process.env, stdio = 'pipe', restart = false }) {
  if (!existsSync(RENDERER_ENTRY)) throw new Error(`${RENDERER_ENTRY} is missing: run \`npm run build\``);
  const childEnv = {
    ...env,
    NODE_ENV: 'production',
    RENDER_PORT: String(port),
    PB_URL: pbUrl,
    SITE_URL: siteUrl ?? env.SITE_URL ?? pbUrl,
  };
  let output = '';
  let stopping = false;
  const restarts = [];
  const state = { child: null };

  const launch = () => {
    const child = spawn(process.execPath, [RENDERER_ENTRY], {
      cwd: root,
      env: childEnv,
      stdio: stdio === 'pipe' ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    child.on('exit', (code, signal) => {
      // 0 is how the renderer ends when it is told to (SIGINT, SIGTERM: Ctrl-C or a test runner
      // stopping the whole process group reaches it before our own stop does): not a crash
      if (stopping || !restart || code === 0) return;
      const now = Date.now();
      while (restarts.length && now - restarts[0] > 60_000) restarts.shift();
      if (restarts.length >= 5) {
        console.error(
          `[atelier] the server renderer keeps exiting (${code ?? signal}); pages are served as the app shell`,
        );
        return;
      }
      restarts.push(now);
      console.error(`[atelier] the server renderer exited (${code ?? signal}); starting it again`);
      setTimeout(() => {
        if (!stopping) state.child = launch();
      }, 1000).unref();
    });
    return child;
  };

  state.child = launch();
  const url = `http://127.0.0.1:${port}`;
  await untilAnswering(state.child, {
    what: `the server renderer at ${url}`,
    // its own line first, as PocketBase's banner (child-process.mjs portSaid)
    answers: async () =>
      (stdio !== 'pipe' || portSaid(output, 'server renderer on') === port) && (await fetch(`${url}/health`)).ok,
    output: () => output,
    pollMs: 50,
  });
  return {
    url,
    get child() {
      return state.child;
    },
    output: () => output,
    stop: () => {
      stopping = true;
      return stopChild(state.child);
    },
  };
}
