// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { adminKeys } from '@/features/admin/api/keys';
import { signOut } from '@/features/auth/api/sign-out';
import { chapterQueryOptions } from '@/features/course/api/course';
import { courseKeys } from '@/features/course/api/keys';
import { db } from '@/lib/offline/db';
import { enqueue, outbox } from '@/lib/offline/outbox-runtime';
import { pb } from '@/lib/pocketbase/client';

describe('signing out', () => {
  it("removes the learner's queued progress, course mirror, downloads and every cached query from the device", async () => {
    pb.authStore.save('header.eyJleHAiOjk5OTk5OTk5OTl9.sig', {
      id: 'user1',
      collectionId: 'x',
      collectionName: 'users',
    } as never);
    await db.chapter_progress.put({
      id: 'c1',
      user_id: 'user1',
      course_id: 'k',
      chapter_id: 'ch',
      visited: true,
      last_visited_at: 1,
      position_seconds: 4,
      position_at: 1,
      completed: false,
      completed_at: 0,
      client_updated_at: 1,
    });
    await db.task_progress.put({
      id: 't1',
      user_id: 'user1',
      course_id: 'k',
      chapter_id: 'ch',
      task_identifier: 'TASK_01',
      task_title: 'x',
      completed: true,
      completed_at: 1,
      client_updated_at: 1,
    });
    await chapterQueryOptions('user1', 'ch').mirror.write({ id: 'ch', content: 'protected text' } as never);
    await db.courses.put({ id: 'k', slug: 'whispering-game' } as never);
    await db.downloads.put({
      key: 'user1|/offline-media/m/ch/v.webm',
      userId: 'user1',
      courseId: 'k',
      chapterId: 'ch',
      kind: 'video',
      title: 'v',
      bytes: 1,
      createdAt: 1,
    });
    await enqueue('task-progress', { record: { id: 't1' } }, { userId: 'user1' });
    const qc = new QueryClient();
    qc.setQueryData(['me', 'user1', 'enrollments'], [{ id: 'e' }]);
    // chapter texts read on the admin page and the downloads page live outside ['me', ...]
    qc.setQueryData(adminKeys.chapters('k'), [{ id: 'ch', content: 'protected text' }]);
    qc.setQueryData(courseKeys.downloadable('user1'), [
      { id: 'k', chapters: [{ id: 'ch', content: 'protected text' }] },
    ]);
    qc.setQueryData(['site_settings', 'main'], { id: 's' });

    // the queued tick is deleted with the rest: the learner chose to sign out anyway
    await signOut(qc, { discardUnsynced: true });

    expect(pb.authStore.token).toBe('');
    expect(await db.chapter_progress.count()).toBe(0);
    expect(await db.task_progress.count()).toBe(0);
    expect(await db.user_rows.count()).toBe(0);
    expect(await db.downloads.count()).toBe(0);
    expect((await outbox.status()).pending).toBe(0);
    // nothing the learner read stays in memory: the whole cache goes (public pages reload from the mirror)
    expect(qc.getQueryCache().getAll()).toEqual([]);
    // public course data stays for offline browsing
    expect(await db.courses.count()).toBe(1);
    outbox.stop();
  });

  it('with unsynced writes, says how many and keeps them unless the learner signs out anyway', async () => {
    pb.authStore.save('header.eyJleHAiOjk5OTk5OTk5OTl9.sig', {
      id: 'user1',
      collectionId: 'x',
      collectionName: 'users',
    } as never);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await enqueue('task-progress', { record: { id: 't1' } }, { userId: 'user1' });
    await enqueue('chapter-progress', { record: { id: 'c1' } }, { userId: 'user1' });
    await enqueue('task-progress', { record: { id: 't9' } }, { userId: 'user2' });
    const qc = new QueryClient();

    await expect(signOut(qc)).rejects.toMatchObject({ name: 'UnsyncedChangesError', count: 2 });
    expect(pb.authStore.record?.id).toBe('user1');
    expect((await outbox.status()).pending).toBe(3);

    await signOut(qc, { discardUnsynced: true });
    expect(pb.authStore.token).toBe('');
    // another account's queue on this device is not the learner's to delete
    expect((await outbox.status()).pending).toBe(1);
    await outbox.clear();
    outbox.stop();
    vi.restoreAllMocks();
  });
});
