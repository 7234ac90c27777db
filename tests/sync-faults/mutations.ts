// Deliberately broken progress writers, for the check that the fault harness sees a lost
// value (tests/integration/sync-fault-mutations.test.ts): a harness that counts what the
// writer says it did, rather than what the learner meant, passes both.
import type { ProgressWriter } from '@/features/course/api/progress-writes';

type Mutation = (writer: ProgressWriter) => ProgressWriter;

/** Each makes the broken writers of one run (every tab of every device shares its count). */
export const WRITER_MUTATIONS = {
  /** setTaskCompleted ignores its `completed` argument: every change ticks. */
  'ignores completed': (): Mutation => (writer) => ({
    ...writer,
    setTaskCompleted: (ref) => writer.setTaskCompleted(ref, true),
  }),
  /** Every 10th change (of any kind) resolves as done without being written anywhere. */
  'drops every 10th write': (): Mutation => {
    let n = 0;
    return (writer) => {
      const drop =
        <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
        (...args: A): Promise<R> => {
          n += 1;
          return n % 10 === 0 ? Promise.resolve({} as R) : write(...args);
        };
      return {
        recordVisit: drop(writer.recordVisit),
        savePosition: drop(writer.savePosition),
        markCompleted: drop(writer.markCompleted),
        setTaskCompleted: drop(writer.setTaskCompleted),
      };
    };
  },
} satisfies Record<string, () => Mutation>;

export type WriterMutation = keyof typeof WRITER_MUTATIONS;
