// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from '@/lib/time/when-idle';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('whenIdle', () => {
  it('runs one job per idle period, in order, each after the one before has settled', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const ran: string[] = [];
    let finishFirst = () => {};
    whenIdle(
      () =>
        new Promise<void>((resolve) => {
          ran.push('first');
          finishFirst = resolve;
        }),
    );
    whenIdle(() => {
      ran.push('second');
      throw new Error('a failing job does not stop the queue');
    });
    whenIdle(() => ran.push('third'));
    expect(ran).toEqual([]);
    expect(idle).toHaveLength(1);
    idle.shift()?.();
    expect(ran).toEqual(['first']);
    // the first is still running: nothing else is asked for yet
    await Promise.resolve();
    expect(idle).toHaveLength(0);
    finishFirst();
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    idle.shift()?.();
    expect(ran).toEqual(['first', 'second']);
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    idle.shift()?.();
    expect(ran).toEqual(['first', 'second', 'third']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(idle).toHaveLength(0);
    expect(warned).toHaveBeenCalledTimes(1);
    warned.mockRestore();
  });
});
