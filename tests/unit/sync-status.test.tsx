// @vitest-environment jsdom
// The course's status chip: what it says is this learner's progress rows in the outbox, and a
// write the server refused can be seen and discarded.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SyncStatus } from '@/features/course/components/SyncStatus';
import { enqueue, outbox, registerOutboxHandler } from '@/lib/offline/outbox-runtime';
import { pb } from '@/lib/pocketbase/client';

beforeEach(async () => {
  await outbox.clear();
});

afterEach(async () => {
  vi.restoreAllMocks();
  pb.authStore.clear();
  await outbox.clear();
  outbox.stop();
});

const Chip = SyncStatus as unknown as (props: { userId: string }) => ReturnType<typeof SyncStatus>;

describe('the sync status chip', () => {
  it("counts only this learner's progress: other accounts' rows and queued forms are not theirs", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const chip = () => screen.getByTestId('sync-status');
    await enqueue('task-progress', { record: { id: 'mine' } }, { userId: 'u1' });
    render(<Chip userId="u1" />);
    // the chip has read the outbox: it shows the learner's own row as kept on the device
    await waitFor(() => expect(chip().dataset.state).toBe('local'));
    await enqueue('task-progress', { record: { id: 'theirs' } }, { userId: 'u2' });
    await enqueue('contact', { message: 'hello' });
    await outbox.clear({ userId: 'u1' });
    // only another account's row and a form are left: nothing of this learner's is waiting
    await waitFor(() => expect(chip().dataset.state).toBe('ok'));
    expect(chip().textContent).toMatch(/synced/i);
  });

  it('says nothing about sync until it has read the outbox: never "synced" while writes are queued', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await enqueue('task-progress', { record: { id: 'mine' } }, { userId: 'u1' });
    render(<Chip userId="u1" />);
    // the first render, before the device database answered
    const chip = screen.getByTestId('sync-status');
    expect(chip.dataset.state).toBe('reading');
    expect(chip.textContent).not.toMatch(/synced|saved/i);
    await waitFor(() => expect(screen.getByTestId('sync-status').dataset.state).toBe('local'));
    expect(screen.getByTestId('sync-status').textContent).toMatch(/saved on this device/i);
  });

  it('shows a refused write with its reason and lets the learner discard it', async () => {
    const b64 = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, '');
    const exp = Math.floor(Date.now() / 1000) + 3600;
    pb.authStore.save(`${b64({ alg: 'HS256' })}.${b64({ id: 'u1', exp })}.sig`, { id: 'u1' } as never);
    registerOutboxHandler('task-progress', {
      send: async (rows) =>
        rows.map(() => ({ ok: false, retriable: false, error: 'Chapter is not part of the course.' })),
    });
    await enqueue('task-progress', { record: { id: 'mine', task_title: 'Look closely' } }, { userId: 'u1' });
    await outbox.drain();
    render(<Chip userId="u1" />);
    await waitFor(() => expect(screen.getByTestId('sync-status').dataset.state).toBe('error'));
    expect(screen.getByTestId('sync-status').textContent).toMatch(/Chapter is not part of the course/);
    fireEvent.click(screen.getByRole('button', { name: /discard/i }));
    await waitFor(() => expect(screen.getByTestId('sync-status').dataset.state).toBe('ok'));
    expect((await outbox.status()).failed).toBe(0);
  });
});
