import { afterEach, describe, expect, it, vi } from 'vitest';
import { quietPort } from '../../scripts/lib/pb-run.mjs';
import { startRenderer } from '../../scripts/lib/renderer.mjs';

// `npm start` and the e2e server run the renderer with `restart`: one that dies comes back by
// itself, while one that is told to stop (Ctrl-C or a test runner's shutdown signal reaches the
// whole process group) stays stopped instead of being started again on the way out.

async function answers(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/health`)).ok;
  } catch {
    return false;
  }
}

describe('the server renderer under npm start', () => {
  let renderer: Awaited<ReturnType<typeof startRenderer>> | null = null;
  afterEach(async () => {
    vi.restoreAllMocks();
    await renderer?.stop();
    renderer = null;
  });

  it('a renderer that dies is started again and answers', async () => {
    const port = await quietPort();
    renderer = await startRenderer({ port, pbUrl: 'http://127.0.0.1:9', restart: true });
    const first = renderer.child.pid;
    const said = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderer.child.kill('SIGKILL');
    await expect
      .poll(async () => renderer?.child.pid !== first && (await answers(port)), { timeout: 10_000 })
      .toBe(true);
    expect(said.mock.calls.flat().join('\n')).toContain('the server renderer exited (SIGKILL); starting it again');
  });

  it('a renderer told to stop (SIGTERM) stays stopped, and no restart is announced', async () => {
    const port = await quietPort();
    renderer = await startRenderer({ port, pbUrl: 'http://127.0.0.1:9', restart: true });
    const child = renderer.child;
    const said = vi.spyOn(console, 'error').mockImplementation(() => {});
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // a restart would come 1 s after the exit
    await new Promise((r) => setTimeout(r, 2000));
    expect(renderer.child).toBe(child);
    expect(await answers(port)).toBe(false);
    expect(said.mock.calls.flat().join('\n')).not.toContain('starting it again');
  });
});
