// One seeded fault run: a learner on one or two devices (one or two tabs each) ticks tasks,
// watches chapters and sends a contact form through a few phases of faults, then every
// device reconnects. Each action is recorded as an intent before the app runs it, and the
// run is judged against the intents (accounting.ts): nothing the learner meant is lost,
// nothing is stored twice, server and every device hold the same progress, and the status
// chip agrees with the outbox. Faults come from each device's proxy in front of the server
// (fault-proxy.ts), from the devices (offline, a clock that is off and maybe never measured,
// killed tabs, two tabs, an expired token, another account) and from the server (a restart).
// Everything random comes from the seed.
import { CONTACT_RATE_LIMIT } from '@/lib/contract/contract.gen';
import { taskCoalesceKey } from '@/features/course/api/progress-records';
import { normalizeChapter, normalizeTask } from '@/features/course/model/merge';
import { chapterProgressId, taskProgressId } from '@/features/course/model/progress-id';
import type { LocalChapterProgress, LocalTaskProgress } from '@/lib/offline/db';
import { type FinalState, type Intent, judge } from './accounting';
import { Device, type DeviceOptions, type Tab } from './device';
import { type FaultProxy, PROXY_FAULTS, startFaultProxy } from './fault-proxy';
import { FaultCounter, type FaultKind, Link } from './network';
import { prng, type Rand } from './prng';
import type { FaultServer } from './server';

export interface CourseFixture {
  courseId: string;
  chapters: { id: string }[];
  tasks: { id: string; chapter_id: string; task_identifier: string; title: string }[];
}

export interface RunOptions {
  /** Replaces every tab's progress writer (the mutation check breaks it on purpose). */
  mutateWriter?: DeviceOptions['mutateWriter'];
}

export interface RunResult {
  seed: number;
  faults: Partial<Record<FaultKind, number>>;
  /** Intents: what the learner did. */
  writes: number;
  lost: number;
  duplicated: number;
  notConverged: number;
  chipMismatch: number;
  /** Wall time from reconnecting until everything agreed (backoff waits skipped). */
  convergeMs: number | null;
  /** Writes the server stored whose answer the device never got (the proxy lost it). */
  storedNotAcknowledged: number;
  /** Devices that never measured their clock: only the server's correction put their times right. */
  unmeasuredClocks: number;
  /** Last intents that lost to another device's change still in transit (the correction's bound). */
  reorderedInTransit: number;
  /** The largest distance of a time the server holds from its intent's true time (ms). */
  maxCorrectionMs: number;
  /** Why the run failed, in words, for the replay. */
  problems: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let runs = 0;
/**
 * Sessions last as long as the app's (30 days): a clock a day ahead does not end one. (A device
 * that never measured its clock judges its token by its own clock, docs/sync.md, Sessions.)
 */
const SESSION_SECONDS = 30 * 86_400;
/** How late a corrected time may be: a batch's way to the server on this busy machine, and the writer's moment. */
const TRANSIT_BOUND_MS = 10_000;

async function createLearner(server: FaultServer, tag: string, courseId: string, tokenSeconds: number) {
  const password = 'x-unused-password-1234';
  const email = `${tag}@faults.test`;
  const user = await server.create<{ id: string; email: string }>(
    'users',
    { email, name: tag, role: 'learner', password, passwordConfirm: password, verified: true },
    `email="${email}"`,
  );
  await server.create(
    'course_enrollments',
    { user_id: user.id, course_id: courseId, enrolled_at: new Date().toISOString(), source: 'manual' },
    `user_id="${user.id}" && course_id="${courseId}"`,
  );
  const signIn = async (seconds = tokenSeconds) =>
    server.admin<{ token: string; record: Record<string, unknown> }>(
      'POST',
      `/api/collections/users/impersonate/${user.id}`,
      { duration: seconds },
    );
  return { id: user.id, signIn };
}

const chapterState = (r: Record<string, unknown>) => JSON.stringify(normalizeChapter(r));
const taskState = (r: Record<string, unknown>) => JSON.stringify(normalizeTask(r));
const taskKey = (t: { chapter_id: string; task_identifier: string }) => `${t.chapter_id}:${t.task_identifier}`;

export async function runSeed(
  server: FaultServer,
  fixture: CourseFixture,
  seed: number,
  options: RunOptions = {},
): Promise<RunResult> {
  const rand: Rand = prng(seed);
  // each run's devices have addresses of their own (per-address limits), also when a seed runs again
  const run = ++runs;
  const faults = new FaultCounter();
  const problems: string[] = [];
  const tag = `s${seed}-${run}-${Date.now().toString(36)}`;

  // the run's shape
  const twoDevices = rand.chance(0.35);
  const twoTabs = rand.chance(0.35);
  const restart = rand.chance(0.05);
  const kill = rand.chance(0.25);
  const tokenExpiry = rand.chance(0.12);
  const otherAccount = tokenExpiry && rand.chance(0.5);
  const forms = rand.chance(0.2);
  const phases = 2 + rand.int(3);

  const learner = await createLearner(server, `${tag}-ana`, fixture.courseId, tokenExpiry ? 4 : SESSION_SECONDS);
  const other = otherAccount ? await createLearner(server, `${tag}-bo`, fixture.courseId, SESSION_SECONDS) : undefined;
  const chapters = [rand.pick(fixture.chapters), rand.pick(fixture.chapters)];
  const tasks = [rand.pick(fixture.tasks), rand.pick(fixture.tasks), rand.pick(fixture.tasks)];

  const devices: Device[] = [];
  const proxies: FaultProxy[] = [];
  let unmeasuredClocks = 0;
  const deviceCount = twoDevices ? 2 : 1;
  try {
    for (let i = 0; i < deviceCount; i++) {
      // a clock an hour to a day off, ahead or behind; half of those never learn it (their
      // time requests fail), so only the server's correction puts their times right
      const skewed = rand.chance(i === 0 ? 0.3 : 0.7);
      const skewMs = skewed ? (rand.chance(0.5) ? 1 : -1) * (3_600_000 + rand.int(23 * 3_600_000)) : 0;
      const measurable = !skewed || rand.chance(0.5);
      if (skewed) faults.add('skewed-clock');
      if (!measurable) {
        faults.add('clock-not-measured');
        unmeasuredClocks++;
      }
      const proxy = await startFaultProxy({
        target: server.port,
        clientIp: `10.${(run >> 8) & 255}.${run & 255}.${i + 1}`,
        rand,
        onFault: (kind) => faults.add(kind),
      });
      proxies.push(proxy);
      const device = new Device(`${tag}-${i}`, proxy.url, new Link(), rand, {
        skewMs,
        measurable,
        mutateWriter: options.mutateWriter,
      });
      // the first device of a token-expiry run signs in for 4 s; the others as the app does
      const session = await learner.signIn(tokenExpiry && i === 0 ? 4 : SESSION_SECONDS);
      device.auth.save(session.token, session.record as never);
      device.openTab();
      if (twoTabs) device.openTab();
      await device.clock.sync(true);
      devices.push(device);
    }
    if (twoTabs) faults.add('two-tabs');
    const proxyOf = (d: Device) => proxies[devices.indexOf(d)] as FaultProxy;

    const intents: Intent[] = [];
    let seq = 0;
    let group = 0;
    let contactsSent = 0;

    async function serverState(userId: string) {
      const filter = encodeURIComponent(`user_id="${userId}"`);
      const [ch, tk] = await Promise.all([
        server.admin<{ items: LocalChapterProgress[] }>(
          'GET',
          `/api/collections/chapter_progress/records?perPage=500&filter=${filter}`,
        ),
        server.admin<{ items: LocalTaskProgress[] }>(
          'GET',
          `/api/collections/user_task_progress/records?perPage=500&filter=${filter}`,
        ),
      ]);
      const chapterRows = ch.items.map((r) => ({ ...r, ...normalizeChapter(r) }));
      const taskRows = tk.items.map((r) => ({ ...r, ...normalizeTask(r) }));
      return { chapterRows, taskRows };
    }

    /** The server's records as the judge reads them (by task and chapter, not by record id). */
    async function finalState(userId: string, withContacts: boolean): Promise<FinalState> {
      const { chapterRows, taskRows } = await serverState(userId);
      const contacts = new Map<string, number>();
      if (withContacts)
        for (const i of intents) {
          if (i.kind !== 'contact') continue;
          const found = await server.admin<{ items: unknown[] }>(
            'GET',
            `/api/collections/contact_messages/records?perPage=10&filter=${encodeURIComponent(`client_id="${i.clientId}"`)}`,
          );
          contacts.set(i.clientId, found.items.length);
        }
      return {
        tasks: new Map(taskRows.map((r) => [taskKey(r), r])),
        chapters: new Map(chapterRows.map((r) => [r.chapter_id, r])),
        contacts,
      };
    }

    let lostOnDevice = 0;
    /**
     * What the learner sees right after acting: the device's copy shows each change at once
     * (a change the app said it made but the box does not show is lost there and then).
     */
    const shownOnDevice = async (tab: Tab, made: Intent[]) => {
      const first = made[0];
      if (!first || first.kind === 'contact') return;
      if (first.kind === 'tick') {
        const [chapterId, taskIdentifier] = first.task.split(':') as [string, string];
        const row = await tab.db.task_progress.get(await taskProgressId(learner.id, chapterId, taskIdentifier));
        if (made.some((i) => i.kind === 'tick' && row?.completed === i.value)) return;
        lostOnDevice++;
        problems.push(
          `lost on the device: the learner set ${first.task} to ${first.kind === 'tick' && first.value}, it shows ${row?.completed}`,
        );
        return;
      }
      const row = await tab.db.chapter_progress.get(await chapterProgressId(learner.id, first.chapter));
      const shows = made.some((i) =>
        i.kind === 'position'
          ? row?.position_seconds === i.value
          : i.kind === 'visit'
            ? row?.visited === true
            : i.kind === 'complete' && row?.completed === true,
      );
      if (shows) return;
      lostOnDevice++;
      problems.push(
        `lost on the device: ${first.kind} of chapter ${first.chapter} not shown (${JSON.stringify(row ?? null)})`,
      );
    };

    /** Records what the learner means, then lets the app do it, then looks at what it shows. */
    const act = async (device: Device, tabs: Tab[], userId: string) => {
      const together = tabs.length > 1 ? ++group : undefined;
      const before = intents.length;
      await Promise.all(tabs.map((t) => write(device, t, userId, together)));
      const made = intents.slice(before);
      // two tabs at once may have acted on different records: each is shown
      const byRecord = new Map<string, Intent[]>();
      for (const i of made) {
        const key =
          i.kind === 'tick'
            ? i.task
            : i.kind === 'contact'
              ? i.clientId
              : `${i.kind === 'position' ? 'p' : i.kind}:${i.chapter}`;
        byRecord.set(key, [...(byRecord.get(key) ?? []), i]);
      }
      for (const list of byRecord.values()) await shownOnDevice(tabs[0] as Tab, list);
    };

    /** Records what the learner means, then lets the app do it. */
    const write = async (device: Device, tab: Tab, userId: string, together?: number) => {
      const task = rand.pick(tasks);
      const chapterId = rand.pick(chapters).id;
      const ref = { userId, courseId: fixture.courseId, chapterId };
      const what = rand();
      const base = { seq: ++seq, device: device.name, group: together, trueAt: Date.now(), deviceAt: device.now() };
      // A visitor sends at most CONTACT_RATE_LIMIT.max messages in its window; the next is refused
      // by design (429, tested in integration) and waits out the window, which no settle loop here
      // spans. So a run sends no more than that (the draw then becomes a tick).
      if (forms && what < 0.08 && contactsSent < CONTACT_RATE_LIMIT.max) {
        contactsSent++;
        const clientId = crypto.randomUUID();
        intents.push({ ...base, kind: 'contact', clientId });
        await tab.outbox.enqueue(
          'contact',
          { name: 'Fault Run', email: 'faults@example.com', message: `Seed ${seed} message ${seq}` },
          { idempotencyKey: clientId },
        );
      } else if (what < 0.55) {
        const value = rand.chance(0.65);
        intents.push({ ...base, kind: 'tick', task: taskKey(task), value });
        await tab.writer.setTaskCompleted(
          { ...ref, chapterId: task.chapter_id, taskIdentifier: task.task_identifier, taskTitle: task.title },
          value,
        );
      } else if (what < 0.8) {
        const value = 2 * (1 + rand.int(300));
        intents.push({ ...base, kind: 'position', chapter: chapterId, value });
        await tab.writer.savePosition(ref, value);
      } else if (what < 0.92) {
        intents.push({ ...base, kind: 'visit', chapter: chapterId });
        await tab.writer.recordVisit(ref);
      } else {
        intents.push({ ...base, kind: 'complete', chapter: chapterId });
        await tab.writer.markCompleted(ref);
      }
    };

    /** With one device, a chip that says "synced" means the server holds every intent so far. */
    const chipChecks = async () => {
      for (const d of devices) {
        if (!d.openTabs().length) continue;
        const chip = await d.chip(learner.id);
        const rows = await d.progressRows(learner.id);
        if (rows.some((r) => r.status === 'failed') !== (chip === 'error')) problems.push(`${d.name}: chip ${chip}`);
        if (chip !== 'ok' || devices.length > 1 || !d.link.online || d.liveUserId() !== learner.id) continue;
        const progress = intents.filter((i) => i.kind !== 'contact');
        const now = judge(progress, await finalState(learner.id, false), { transitBoundMs: TRANSIT_BOUND_MS });
        for (const p of now.problems) problems.push(`${d.name}: chip says synced, but ${p}`);
      }
    };

    /**
     * A tab killed in the middle of a tick: the change and its outbox row both land, or
     * neither. The learner's intent stands if the reopened device shows it (then it must be on
     * the server or queued), and is withdrawn if it does not (the box never showed it ticked).
     */
    const killDuringWrite = async (device: Device) => {
      const tab = device.openTabs()[0] as Tab;
      faults.add('tab-killed');
      if (rand.chance(0.5)) {
        // dies inside the transaction (after one or two of its writes)
        let calls = 1 + rand.int(2);
        const die = <T extends object>(table: T, method: 'put' | 'add') => {
          const original = (table as Record<string, (...a: unknown[]) => unknown>)[method] as (
            ...a: unknown[]
          ) => unknown;
          (table as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
            calls -= 1;
            if (calls <= 0) throw new Error('the tab was killed');
            return original.apply(this, args);
          };
        };
        die(tab.db.outbox, 'add');
        die(tab.db.outbox, 'put');
        die(tab.db.task_progress, 'put');
        die(tab.db.chapter_progress, 'put');
        const task = tasks[0] as CourseFixture['tasks'][number];
        const intent: Intent = {
          seq: ++seq,
          device: device.name,
          trueAt: Date.now(),
          deviceAt: device.now(),
          kind: 'tick',
          task: taskKey(task),
          value: true,
        };
        intents.push(intent);
        await tab.writer
          .setTaskCompleted(
            {
              userId: learner.id,
              courseId: fixture.courseId,
              chapterId: task.chapter_id,
              taskIdentifier: task.task_identifier,
              taskTitle: task.title,
            },
            true,
          )
          .then(
            () => problems.push('a killed write resolved'),
            () => undefined,
          );
        device.closeTab(tab);
        const reopened = device.openTab(); // the learner opens the site again
        const local = await reopened.db.task_progress.get(
          await taskProgressId(learner.id, task.chapter_id, task.task_identifier),
        );
        const landed = !!local && local.device_id === device.id && (local.device_at ?? 0) >= intent.deviceAt;
        if (!landed) intents.splice(intents.indexOf(intent), 1);
        else {
          const queued = new Set((await device.allRows()).map((r) => r.coalesceKey));
          const held = (await finalState(learner.id, false)).tasks.get(intent.task);
          if (!queued.has(taskCoalesceKey(local.id)) && held?.completed !== true)
            problems.push(`after a killed tab: tick ${task.task_identifier} shown, not on the server, not queued`);
        }
      } else {
        // dies right after a change committed, before anything was sent
        await act(device, [tab], learner.id);
        device.closeTab(tab);
        device.openTab();
      }
    };

    const killPhase = kill ? rand.int(phases) : -1;
    const restartPhase = restart ? rand.int(phases) : -1;
    for (let phase = 0; phase < phases; phase++) {
      const last = phase === phases - 1;
      for (const d of devices) {
        // the token-expiry device spends the last phase offline, and its token runs out
        d.link.online = tokenExpiry && d === devices[0] && last ? false : !rand.chance(0.35);
        if (!d.link.online) faults.add('offline');
        const rate = rand.pick([0, 0.15, 0.3, 0.5]);
        const kinds = PROXY_FAULTS.filter(() => rand.chance(0.6));
        proxyOf(d).plan = rate && kinds.length ? { rate, kinds } : null;
      }
      const ops = 3 + rand.int(6);
      for (let i = 0; i < ops; i++) {
        const device = rand.pick(devices);
        const tabs = device.openTabs();
        // two tabs write at the same moment, or one
        if (twoTabs && tabs.length > 1 && rand.chance(0.4)) await act(device, tabs, learner.id);
        else await act(device, [rand.pick(tabs)], learner.id);
        if (rand.chance(0.35)) {
          const drain = rand.pick(device.openTabs()).outbox.drain();
          if (rand.chance(0.5)) await drain;
        }
        if (rand.chance(0.15)) await device.pull(learner.id, fixture.courseId);
        if (phase === killPhase && i === 0) await killDuringWrite(rand.pick(devices));
        if (phase === restartPhase && i === 0) {
          faults.add('server-restart');
          const d = rand.pick(devices);
          await Promise.all([d.drainAll(), server.restart()]);
        }
      }
      await chipChecks();
      await sleep(rand.int(30));
    }

    if (tokenExpiry) {
      const device = devices[0] as Device;
      faults.add('token-expired-offline');
      await sleep(4_200); // the 4 s token of the first device ran out while it was offline
      proxyOf(device).plan = null;
      await device.reconnect();
      await device.drainAll();
      const rows = await device.progressRows(learner.id);
      if (rows.some((r) => r.status === 'failed')) problems.push('rows failed while the session had expired');
      if (rows.length && (await device.chip(learner.id)) !== 'auth')
        problems.push(`expired session: chip ${await device.chip(learner.id)} instead of auth`);
      if (other) {
        // another account signs in on that device: the learner's rows must not go out under it
        faults.add('other-account-signed-in');
        const session = await other.signIn();
        device.auth.save(session.token, session.record as never);
        await device.drainAll();
        const left = await device.progressRows(learner.id);
        if (left.length !== rows.length)
          problems.push(`rows sent under another account: ${rows.length} → ${left.length}`);
        const theirs = await serverState(other.id);
        if (theirs.chapterRows.length || theirs.taskRows.length) problems.push('the other account got progress');
      }
      const again = await learner.signIn(SESSION_SECONDS);
      device.auth.save(again.token, again.record as never);
    }

    // everything reconnects; the proxies pass everything again
    const started = Date.now();
    for (const d of devices) {
      proxyOf(d).plan = null;
      await d.reconnect();
      if (!d.openTabs().length) d.openTab();
    }
    let converged = false;
    let expected = '';
    for (let round = 0; round < 80 && !converged; round++) {
      for (const d of devices) await d.drainAll();
      for (const d of devices) await d.pull(learner.id, fixture.courseId);
      const held = await serverState(learner.id);
      const want = JSON.stringify({
        chapters: held.chapterRows.map((r) => [r.id, chapterState(r)]).sort(),
        tasks: held.taskRows.map((r) => [r.id, taskState(r)]).sort(),
      });
      converged = true;
      for (const d of devices) {
        const tab = d.openTabs()[0] as Tab;
        const [ch, tk, rows] = await Promise.all([
          tab.db.chapter_progress.where('user_id').equals(learner.id).toArray(),
          tab.db.task_progress.where('user_id').equals(learner.id).toArray(),
          d.allRows(),
        ]);
        const have = JSON.stringify({
          chapters: ch.map((r) => [r.id, chapterState(r as never)]).sort(),
          tasks: tk.map((r) => [r.id, taskState(r as never)]).sort(),
        });
        if (have !== want || rows.length) {
          converged = false;
          expected = `${d.name}: device ${have} server ${want} rows ${JSON.stringify(rows.map((r) => ({ op: r.op, status: r.status, attempts: r.attempts, error: r.lastError, due: r.nextAttemptAt - Date.now() - d.shift })))}`;
          // rows waiting for their backoff: skip the wait (the device's own clock is not moved)
          const due = rows.filter((r) => r.status === 'pending').map((r) => r.nextAttemptAt);
          if (due.length) d.shift += Math.max(0, Math.min(...due) - (Date.now() + d.shift)) + 1;
        }
      }
      if (!converged) await sleep(15);
    }
    const convergeMs = converged ? Date.now() - started : null;

    // the final judgement, against the intents
    const verdict = judge(intents, await finalState(learner.id, true), { transitBoundMs: TRANSIT_BOUND_MS });
    problems.push(...verdict.problems);
    if (process.env.SYNC_FAULT_DEBUG && verdict.problems.length)
      console.log('INTENTS', JSON.stringify({ intents, final: await serverState(learner.id) }));
    let duplicated = verdict.duplicated;
    const final = await serverState(learner.id);
    const perChapter = new Map<string, number>();
    for (const r of final.chapterRows) perChapter.set(r.chapter_id, (perChapter.get(r.chapter_id) ?? 0) + 1);
    const perTask = new Map<string, number>();
    for (const r of final.taskRows) perTask.set(taskKey(r), (perTask.get(taskKey(r)) ?? 0) + 1);
    for (const n of [...perChapter.values(), ...perTask.values()]) duplicated += Math.max(0, n - 1);
    const lessons = await server.admin<{ items: { lesson_id: string }[] }>(
      'GET',
      `/api/collections/lesson_progress/records?perPage=500&filter=${encodeURIComponent(`user_id="${learner.id}"`)}`,
    );
    const perLesson = new Map<string, number>();
    for (const l of lessons.items) perLesson.set(l.lesson_id, (perLesson.get(l.lesson_id) ?? 0) + 1);
    for (const n of perLesson.values()) duplicated += Math.max(0, n - 1);

    let chipMismatch = 0;
    for (const d of devices) {
      const chip = await d.chip(learner.id);
      const rows = await d.progressRows(learner.id);
      if ((chip === 'ok') !== (rows.length === 0)) chipMismatch++;
    }
    chipMismatch += problems.filter((p) => p.includes('chip')).length;
    if (!converged) problems.push(`not converged: ${expected}`);
    if (duplicated) problems.push(`${duplicated} duplicated records`);
    return {
      seed,
      faults: Object.fromEntries(faults.counts),
      writes: intents.length,
      lost: verdict.lost + lostOnDevice,
      duplicated,
      notConverged: converged ? 0 : 1,
      chipMismatch,
      convergeMs,
      storedNotAcknowledged: proxies.reduce((n, p) => n + p.storedNotAcknowledged, 0),
      unmeasuredClocks,
      reorderedInTransit: verdict.reorderedInTransit,
      maxCorrectionMs: verdict.maxCorrectionMs,
      problems,
    };
  } finally {
    for (const d of devices) await d.destroy().catch(() => undefined);
    for (const p of proxies) await p.close().catch(() => undefined);
  }
}
