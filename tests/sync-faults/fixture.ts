// The seeded course the fault runs use: its id, chapters and tasks, read from the server.
import { afterAll, beforeAll } from 'vitest';
import type { CourseFixture } from './run';
import { type FaultServer, startFaultServer } from './server';

async function courseFixture(server: FaultServer): Promise<CourseFixture> {
  const course = (
    await server.admin<{ items: { id: string }[] }>(
      'GET',
      `/api/collections/courses/records?filter=${encodeURIComponent('slug="whispering-game"')}`,
    )
  ).items[0] as { id: string };
  const chapters = (
    await server.admin<{ items: { id: string }[] }>('GET', '/api/collections/course_modules/records?perPage=100')
  ).items;
  const tasks = (
    await server.admin<{ items: CourseFixture['tasks'] }>('GET', '/api/collections/course_tasks/records?perPage=200')
  ).items;
  return { courseId: course.id, chapters, tasks };
}

/**
 * One fault server and its course for a test file: started before its tests, stopped after.
 * Read `server` and `fixture` inside the tests (they are set once the file's set-up ran).
 */
export function faultServerPerFile(): { server: FaultServer; fixture: CourseFixture } {
  const file = {} as { server: FaultServer; fixture: CourseFixture };
  beforeAll(async () => {
    file.server = await startFaultServer();
    file.fixture = await courseFixture(file.server);
  });
  afterAll(async () => {
    await file.server?.stop();
  });
  return file;
}
