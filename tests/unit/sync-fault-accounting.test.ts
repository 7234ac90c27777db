// The fault runs' judge (tests/sync-faults/accounting.ts): what the server holds at the end
// is checked against what the learner meant, with one allowance, the documented bound of the
// clock correction; nothing else excuses a lost value.
import { describe, expect, it } from 'vitest';
import { type FinalState, type Intent, judge } from '../sync-faults/accounting';

const T0 = 1_800_000_000_000;
const BOUND = 10_000;
let seq = 0;

const tick = (device: string, at: number, value: boolean, extra: Partial<Intent> = {}): Intent =>
  ({ seq: ++seq, device, trueAt: at, deviceAt: at, kind: 'tick', task: 'ch1:TASK_01', value, ...extra }) as Intent;
const position = (device: string, at: number, value: number): Intent => ({
  seq: ++seq,
  device,
  trueAt: at,
  deviceAt: at,
  kind: 'position',
  chapter: 'ch1',
  value,
});

function held(
  task?: { completed: boolean; at: number },
  chapter?: Partial<{
    visited: boolean;
    completed: boolean;
    position_seconds: number;
    position_at: number;
    last_visited_at: number;
  }>,
  contacts: [string, number][] = [],
): FinalState {
  return {
    tasks: new Map(task ? [['ch1:TASK_01', { completed: task.completed, client_updated_at: task.at }]] : []),
    chapters: new Map(
      chapter
        ? [
            [
              'ch1',
              { visited: true, completed: false, position_seconds: 0, position_at: 0, last_visited_at: 0, ...chapter },
            ],
          ]
        : [],
    ),
    contacts: new Map(contacts),
  };
}

const run = (intents: Intent[], final: FinalState) => judge(intents, final, { transitBoundMs: BOUND });

describe('judging a fault run by intent', () => {
  it("the learner's last tick on the server, at its corrected time: nothing lost", () => {
    const intents = [tick('a', T0, true), tick('a', T0 + 5, false)];
    expect(run(intents, held({ completed: false, at: T0 + 40 }))).toMatchObject({ lost: 0, problems: [] });
  });

  it('a value the writer reported but never wrote is lost, whatever the writer said', () => {
    // the writer ignored `completed` and ticked: the server holds a tick the learner undid
    const intents = [tick('a', T0, true), tick('a', T0 + 5, false)];
    const result = run(intents, held({ completed: true, at: T0 + 40 }));
    expect(result.lost).toBe(1);
    expect(result.problems[0]).toMatch(/last intent was false, the server holds true/);
    // no record at all
    expect(run(intents, held()).lost).toBe(1);
  });

  it('one device keeps its own order: its earlier change arriving late never excuses its later one', () => {
    const intents = [tick('a', T0, true), tick('a', T0 + 50, false)];
    // the tick's batch was slow, so its corrected time lies after the untick was made
    expect(run(intents, held({ completed: true, at: T0 + 400 })).lost).toBe(1);
  });

  it("another device's change still on its way when the learner acted may win: counted, not lost", () => {
    const intents = [tick('a', T0, true), tick('b', T0 + 50, false)];
    const result = run(intents, held({ completed: true, at: T0 + 400 }));
    expect(result).toMatchObject({ lost: 0, reorderedInTransit: 1 });
  });

  it("another device's change made in the same millisecond, just before, may win too (seed 467)", () => {
    // recorded one after the other within one ms: the other device's is earlier, and its
    // batch's transit put its corrected time 30 ms late, after the learner's untick's
    const intents = [tick('a', T0, true), tick('b', T0, false)];
    const result = run(intents, held({ completed: true, at: T0 + 30 }));
    expect(result).toMatchObject({ lost: 0, reorderedInTransit: 1 });
    // the same device's change in the same ms is still ordered by its own clock: lost
    expect(run([tick('b', T0, true), tick('b', T0, false)], held({ completed: true, at: T0 + 30 })).lost).toBe(1);
  });

  it('but not when it had already arrived: then the later change is lost', () => {
    const intents = [tick('a', T0, true), tick('b', T0 + 500, false)];
    expect(run(intents, held({ completed: true, at: T0 + 30 })).lost).toBe(1);
  });

  it('and not beyond the bound of the correction', () => {
    const intents = [tick('a', T0, true), tick('b', T0 + 20_000, false)];
    expect(run(intents, held({ completed: true, at: T0 + 20_001 })).lost).toBe(1);
  });

  it('a time the server did not correct (a device a day ahead, or a clamp) is a problem', () => {
    const day = 86_400_000;
    const intents = [tick('a', T0, true)];
    expect(run(intents, held({ completed: true, at: T0 + day })).problems[0]).toMatch(/not corrected/);
    expect(run(intents, held({ completed: true, at: T0 - day })).problems[0]).toMatch(/not corrected/);
    // the clamp of earlier releases held a time two minutes ahead of the server's clock
    expect(run(intents, held({ completed: true, at: T0 + 2 * 60_000 })).problems).toHaveLength(1);
  });

  it('two tabs acting at the same moment: either may be last', () => {
    const intents = [tick('a', T0, true, { group: 1 }), tick('a', T0, false, { group: 1 })];
    expect(run(intents, held({ completed: true, at: T0 + 10 })).lost).toBe(0);
    expect(run(intents, held({ completed: false, at: T0 + 10 })).lost).toBe(0);
  });

  it('a chapter holds the last position, is visited, and stays completed', () => {
    const intents: Intent[] = [
      position('a', T0, 40),
      { seq: ++seq, device: 'a', trueAt: T0 + 10, deviceAt: T0 + 10, kind: 'complete', chapter: 'ch1' },
      position('a', T0 + 20, 8),
    ];
    expect(run(intents, held(undefined, { completed: true, position_seconds: 8, position_at: T0 + 25 })).lost).toBe(0);
    expect(run(intents, held(undefined, { completed: true, position_seconds: 40, position_at: T0 + 25 })).lost).toBe(1);
    expect(run(intents, held(undefined, { completed: false, position_seconds: 8, position_at: T0 + 25 })).lost).toBe(1);
    expect(
      run(intents, held(undefined, { visited: false, completed: true, position_seconds: 8, position_at: T0 + 25 }))
        .lost,
    ).toBe(1);
  });

  it('a form is stored exactly once', () => {
    const form = (clientId: string): Intent => ({
      seq: ++seq,
      device: 'a',
      trueAt: T0,
      deviceAt: T0,
      kind: 'contact',
      clientId,
    });
    const result = run(
      [form('c1'), form('c2'), form('c3')],
      held(undefined, undefined, [
        ['c1', 1],
        ['c2', 2],
      ]),
    );
    expect(result).toMatchObject({ lost: 1, duplicated: 1 });
  });
});
