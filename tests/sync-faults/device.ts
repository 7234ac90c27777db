// A device in a fault run: one IndexedDB (fake-indexeddb) shared by its tabs, one stored
// session shared by its tabs (as localStorage is), a clock that may run ahead or behind (and
// may never be measured), one connection to the server through its own fault proxy, and a
// lock only one of its tabs holds at a time (as Web Locks). Each tab wires the app's own
// modules: its own connection to the device database, the outbox and drainer, the progress
// handlers, the form handler, the progress writer, the pull and reconcile, and the session
// rules.
import PocketBase, { BaseAuthStore } from 'pocketbase';
import { CHAPTER_PROGRESS_OP, PROGRESS_OPS, TASK_PROGRESS_OP } from '@/features/course/api/progress-records';
import { pullProgress } from '@/features/course/api/progress-reconcile';
import { createProgressHandler } from '@/features/course/api/progress-sync';
import { createProgressWriter, type ProgressWriter } from '@/features/course/api/progress-writes';
import { type SyncChipState, syncChipState } from '@/features/course/model/sync-state';
import { createFormOutboxHandler } from '@/lib/forms/submit';
import { createDeviceClock, randomDeviceId } from '@/lib/offline/clock';
import { AtelierDb } from '@/lib/offline/db';
import { createOutbox, matches, type Outbox, type OutboxRow } from '@/lib/offline/outbox';
import { isLive, refreshStored, storedUserId } from '@/lib/pocketbase/session-state';
import type { Link } from './network';
import type { Rand } from './prng';

export interface Tab {
  db: AtelierDb;
  client: PocketBase;
  outbox: Outbox;
  writer: ProgressWriter;
  closed: boolean;
}

/** One-tab-at-a-time, like navigator.locks.request(name, { ifAvailable: true }). */
function deviceLock() {
  let held = false;
  return async (fn: () => Promise<void>) => {
    if (held) return false;
    held = true;
    try {
      await fn();
      return true;
    } finally {
      held = false;
    }
  };
}

export interface DeviceOptions {
  /** How far this device's clock is off (ms). */
  skewMs: number;
  /** false: the device never learns its clock's offset (every time request fails). */
  measurable: boolean;
  /** Replaces the app's progress writer (the harness's mutation check breaks it on purpose). */
  mutateWriter?: (writer: ProgressWriter) => ProgressWriter;
}

export class Device {
  readonly auth = new BaseAuthStore();
  readonly tabs: Tab[] = [];
  /** Added to the outbox's clock to skip backoff waits (the device's own clock is not moved). */
  shift = 0;
  readonly clock;
  readonly id = randomDeviceId();
  private readonly lock = deviceLock();
  private savedOffset: number | undefined;

  constructor(
    readonly name: string,
    /** The device's way to the server: its fault proxy. */
    private readonly url: string,
    readonly link: Link,
    private readonly rand: Rand,
    readonly options: DeviceOptions,
  ) {
    this.clock = createDeviceClock({
      now: () => this.now(),
      serverTime: async () => {
        if (!options.measurable) throw new Error('the time request failed');
        return (await this.anyTab().client.send<{ now: number }>('/api/atelier/time', {})).now;
      },
      load: async () => this.savedOffset,
      save: async (offset) => {
        this.savedOffset = offset;
      },
    });
  }

  /** The device's own clock. */
  now(): number {
    return Date.now() + this.options.skewMs;
  }

  private anyTab(): Tab {
    const tab = this.tabs.find((t) => !t.closed);
    if (!tab) throw new Error(`${this.name} has no open tab`);
    return tab;
  }

  /** The account whose rows may be sent now (a live session), as the app's outbox asks. */
  liveUserId(): string | null {
    return isLive(this.auth, this.clock.now()) ? storedUserId(this.auth) : null;
  }

  openTab(): Tab {
    const db = new AtelierDb(`device-${this.name}`);
    const client = new PocketBase(this.url, this.auth);
    client.autoCancellation(false);
    client.beforeSend = (url, options) => ({ url, options: { ...options, fetch: this.link.fetch } });
    const outbox = createOutbox(db.outbox, {
      now: () => Date.now() + this.shift,
      random: this.rand,
      isOnline: () => this.link.online,
      canSend: (row) => !row.userId || row.userId === this.liveUserId(),
      withLock: this.lock,
      setTimer: (fn, ms) => {
        const t = setTimeout(fn, ms);
        return () => clearTimeout(t);
      },
      sendTimeoutMs: 700,
    });
    // as the app's confirmSession (lib/pocketbase/session.ts)
    const confirmSession = async () => {
      const check = await refreshStored(client, this.clock.now(), this.clock.known());
      if (check === 'unknown') return check;
      return this.liveUserId() !== null ? ('live' as const) : ('ended' as const);
    };
    const options = { device: db, confirmSession, clock: this.clock };
    outbox.register(CHAPTER_PROGRESS_OP, createProgressHandler(client, 'chapter_progress', options));
    outbox.register(TASK_PROGRESS_OP, createProgressHandler(client, 'user_task_progress', options));
    outbox.register('contact', createFormOutboxHandler(client, 'contact'));
    const writer = createProgressWriter({ db, outbox, clock: this.clock, deviceId: async () => this.id });
    const tab: Tab = {
      db,
      client,
      outbox,
      writer: this.options.mutateWriter ? this.options.mutateWriter(writer) : writer,
      closed: false,
    };
    this.tabs.push(tab);
    return tab;
  }

  openTabs(): Tab[] {
    return this.tabs.filter((t) => !t.closed);
  }

  /** The tab goes away at once (killed, closed): its drainer stops, its connection closes. */
  closeTab(tab: Tab) {
    tab.closed = true;
    tab.outbox.stop();
    tab.db.close();
  }

  /** What the app does when the browser comes back online: measure the clock, renew the session, then drain. */
  async reconnect() {
    this.link.online = true;
    await this.clock.sync(true);
    await refreshStored(this.anyTab().client, this.clock.now(), this.clock.known());
  }

  async drainAll() {
    for (const tab of this.openTabs()) await tab.outbox.wake();
  }

  /** The progress pull a course page runs (only with a live session, as the app's query). */
  async pull(userId: string, courseId: string) {
    if (this.liveUserId() !== userId || !this.link.online) return;
    const tab = this.anyTab();
    await pullProgress({ db: tab.db, outbox: tab.outbox, client: tab.client }, userId, courseId).catch(() => undefined);
  }

  /** The learner's progress rows in the outbox, read straight from the database. */
  async progressRows(userId: string): Promise<OutboxRow[]> {
    const rows = await this.anyTab().db.outbox.toArray();
    return rows.filter((r) => matches(r, { userId, ops: PROGRESS_OPS }));
  }

  async allRows(): Promise<OutboxRow[]> {
    return this.anyTab().db.outbox.toArray();
  }

  /** What the course's status chip shows on this device. */
  async chip(userId: string): Promise<SyncChipState> {
    return syncChipState(await this.progressRows(userId), {
      online: this.link.online,
      sessionLive: this.liveUserId() === userId,
    });
  }

  async close() {
    for (const tab of this.openTabs()) this.closeTab(tab);
  }

  async destroy() {
    await this.close();
    await new AtelierDb(`device-${this.name}`).delete();
  }
}
