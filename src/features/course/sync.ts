// Registers the course's outbox handlers and starts the drainer (one tab drains).
import { registerOutboxHandler, startOutboxDrainer } from '@/lib/offline/outbox-runtime';
import { pb } from '@/lib/pocketbase/client';
import { Collections } from '@/lib/pocketbase/types.gen';
import { CHAPTER_PROGRESS_OP, createProgressHandler, TASK_PROGRESS_OP } from './api/progress-sync';

let registered = false;

export function startCourseSync(): void {
  if (registered) return;
  registered = true;
  registerOutboxHandler(CHAPTER_PROGRESS_OP, createProgressHandler(pb, Collections.ChapterProgress));
  registerOutboxHandler(TASK_PROGRESS_OP, createProgressHandler(pb, Collections.UserTaskProgress));
  startOutboxDrainer();
}
