// What a fault run counts, judged against what the learner meant. Every action is recorded
// as an intent before the app runs it (the task and whether ticked, the position, the visit,
// the completion, the form; the device's clock reading and the true time), and the server's
// final state is checked against the intents alone, never against what the app said it did:
//   - a task holds the learner's last tick or untick, a chapter their last position, every
//     visited chapter is visited and every completed one completed, every form is stored once;
//   - the times the server holds are the intents' true times, corrected: never before the
//     intent, nor later than the transit bound (a clock that was not corrected, or clamped,
//     fails this);
//   - the one allowance is the documented bound of the correction (docs/sync.md, Clocks): a
//     corrected time is late by its batch's transit, so the last intent may lose to another
//     device's earlier one whose corrected time lies after it, i.e. that was still on its
//     way when the learner acted. Such reorderings are counted, and never excuse two
//     intents of one device (ordered by its own clock) or a time further than the transit
//     bound from its intent.

export type Intent =
  | (IntentBase & { kind: 'tick'; task: string; value: boolean })
  | (IntentBase & { kind: 'position'; chapter: string; value: number })
  | (IntentBase & { kind: 'visit' | 'complete'; chapter: string })
  | (IntentBase & { kind: 'contact'; clientId: string });

interface IntentBase {
  /** Order of recording. */
  seq: number;
  /** The device it was made on. */
  device: string;
  /** Intents made at the same moment (two tabs at once) share a group: their order is open. */
  group?: number;
  /** Date.now() when the learner acted. */
  trueAt: number;
  /** The device's own clock then. */
  deviceAt: number;
}

/** The server's final records, by task (`chapterId:TASK_nn`) and by chapter id; times in ms. */
export interface FinalState {
  tasks: Map<string, { completed: boolean; client_updated_at: number }>;
  chapters: Map<
    string,
    { visited: boolean; completed: boolean; position_seconds: number; position_at: number; last_visited_at: number }
  >;
  /** Stored forms per client id. */
  contacts: Map<string, number>;
}

export interface Judgement {
  lost: number;
  duplicated: number;
  /** Last intents that lost to another device's earlier change still in transit (the documented bound). */
  reorderedInTransit: number;
  /** The largest distance of a held time from its intent (ms): what the correction's error reached. */
  maxCorrectionMs: number;
  problems: string[];
}

export interface JudgeOptions {
  /**
   * How late a corrected time may be: the batch's transit from its clock reading to the
   * server, plus the moment between the intent and the app's stamp.
   */
  transitBoundMs: number;
}

/** The intents of one value, in the order the learner made them. */
function ordered<T extends Intent>(intents: readonly T[]): T[] {
  return [...intents].sort((a, b) => a.trueAt - b.trueAt || a.seq - b.seq);
}

/** The last intents: the last one and those made at the same moment (its group). */
function lastOnes<T extends Intent>(sorted: readonly T[]): T[] {
  const last = sorted.at(-1);
  if (!last) return [];
  return sorted.filter((i) => i === last || (last.group !== undefined && i.group === last.group));
}

export function judge(intents: readonly Intent[], final: FinalState, opts: JudgeOptions): Judgement {
  const out: Judgement = { lost: 0, duplicated: 0, reorderedInTransit: 0, maxCorrectionMs: 0, problems: [] };
  const lost = (what: string) => {
    out.lost++;
    out.problems.push(`lost: ${what}`);
  };

  /** The held time fits the intent it came from: corrected, not before it nor beyond the bound. */
  const fits = (heldAt: number, from: Intent, what: string) => {
    const error = heldAt - from.trueAt;
    out.maxCorrectionMs = Math.max(out.maxCorrectionMs, Math.abs(error));
    if (error < 0 || error > opts.transitBoundMs)
      out.problems.push(
        `${what}: the server holds a time ${error} ms from its intent (not corrected within the bound)`,
      );
  };

  /**
   * Whether the held value accounts for the last intents of an ordered value (a tick, a
   * position). `heldAt` is the held value's corrected time.
   */
  const ordersHold = <T extends Intent & { value: unknown }>(
    sorted: T[],
    held: unknown,
    heldAt: number,
    what: string,
  ) => {
    const last = lastOnes(sorted);
    const winner = last.find((i) => i.value === held);
    if (winner) {
      // a later intent of the same value may have lost to an earlier one still on its way: the
      // held time then fits that one, else this one
      const from = heldAt >= winner.trueAt ? winner : (sorted.filter((i) => i.value === held).at(-1) ?? winner);
      fits(heldAt, from, what);
      return;
    }
    const first = last[0] as T;
    // another device's earlier intent of the held value, whose change was still on its way
    // when the learner made the last one: the documented bound of the correction. Earlier
    // in the recorded order, so also one made in the same millisecond just before it (two
    // devices' intents one ms apart or less have no order a corrected time could keep)
    const inTransit = sorted.find(
      (i) =>
        i.value === held &&
        sorted.indexOf(i) < sorted.indexOf(first) &&
        last.every((l) => l.device !== i.device) &&
        heldAt >= first.trueAt &&
        heldAt - i.trueAt <= opts.transitBoundMs,
    );
    if (inTransit) {
      out.reorderedInTransit++;
      fits(heldAt, inTransit, what);
      return;
    }
    lost(
      `${what}: the learner's last intent was ${JSON.stringify(first.value)}, the server holds ${JSON.stringify(held)}`,
    );
  };

  const ticks = new Map<string, Extract<Intent, { kind: 'tick' }>[]>();
  const chapters = new Map<string, Extract<Intent, { kind: 'position' | 'visit' | 'complete' }>[]>();
  for (const i of intents) {
    if (i.kind === 'tick') ticks.set(i.task, [...(ticks.get(i.task) ?? []), i]);
    else if (i.kind !== 'contact') chapters.set(i.chapter, [...(chapters.get(i.chapter) ?? []), i]);
  }

  for (const [task, list] of ticks) {
    const held = final.tasks.get(task);
    if (!held) {
      lost(`task ${task}: no record on the server`);
      continue;
    }
    ordersHold(ordered(list), held.completed, held.client_updated_at, `task ${task}`);
  }

  for (const [chapter, list] of chapters) {
    const held = final.chapters.get(chapter);
    if (!held) {
      lost(`chapter ${chapter}: no record on the server`);
      continue;
    }
    if (!held.visited) lost(`chapter ${chapter}: not visited`);
    if (list.some((i) => i.kind === 'complete') && !held.completed) lost(`chapter ${chapter}: not completed`);
    const positions = ordered(list.filter((i): i is Extract<Intent, { kind: 'position' }> => i.kind === 'position'));
    if (positions.length) ordersHold(positions, held.position_seconds, held.position_at, `chapter ${chapter} position`);
    const lastVisit = ordered(list.filter((i) => i.kind === 'visit')).at(-1);
    if (lastVisit) fits(held.last_visited_at, lastVisit, `chapter ${chapter} last visit`);
  }

  for (const i of intents) {
    if (i.kind !== 'contact') continue;
    const stored = final.contacts.get(i.clientId) ?? 0;
    if (stored === 0) lost(`contact form ${i.clientId}: not stored`);
    if (stored > 1) {
      out.duplicated += stored - 1;
      out.problems.push(`contact form ${i.clientId}: stored ${stored} times`);
    }
  }
  return out;
}
