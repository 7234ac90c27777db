// @vitest-environment jsdom
// The course pages' loaders (what their routes run) against a fake PocketBase behind `fetch` (the real SDK, the real
// query options and Dexie mirrors): which requests start when, and what renders offline.
import { onlineManager, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/query-client';
import {
  chapterMirror,
  courseQueryOptions,
  enrollmentQueryOptions,
  outlineQueryOptions,
} from '@/features/course/api/course';
import { loadChapterPage, loadCourseDashboard } from '@/features/course/api/page-loaders';
import { ChapterViewer } from '@/features/course/components/ChapterViewer';
import { CourseDashboard } from '@/features/course/components/CourseDashboard';
import { db } from '@/lib/offline/db';
import { pb } from '@/lib/pocketbase/client';
import { Route as ChapterRoute } from '@/routes/_authed/course/$courseSlug/chapter/$chapterId';
import type { CourseModulesRecord, CourseOutlineRecord, CoursesRecord, UsersRecord } from '@/lib/pocketbase/types.gen';

const user = {
  id: 'u1',
  collectionId: 'pbc_users',
  collectionName: 'users',
  email: 'ana@example.com',
  role: 'learner',
} as UsersRecord;
const course = {
  id: 'c1',
  collectionId: 'pbc_courses',
  collectionName: 'courses',
  slug: 'whispering-game',
  title: 'The Whispering Game',
  description: 'A course in looking.',
  cover_image: '',
  price_cents: 13900,
  currency: 'usd',
  is_published: true,
} as unknown as CoursesRecord;
const outline = [1, 2].map((n) => ({
  id: `m${n}`,
  collectionId: 'pbc_outline',
  collectionName: 'course_outline',
  course_id: 'c1',
  title: `Chapter ${n}`,
  description: `About ${n}`,
  sort_order: n,
})) as unknown as CourseOutlineRecord[];
const chapter = {
  ...outline[0],
  collectionId: 'pbc_modules',
  collectionName: 'course_modules',
  content: 'The text of chapter one.',
  video: '',
} as unknown as CourseModulesRecord;
const enrollment = {
  id: 'e1',
  collectionId: 'pbc_enrol',
  collectionName: 'course_enrollments',
  user_id: 'u1',
  course_id: 'c1',
  source: 'manual',
};

/** What the fake server answers, by collection; a record path answers the chapter. */
const answers: Record<string, unknown[]> = {
  courses: [course],
  course_outline: outline,
  course_enrollments: [enrollment],
  course_tasks: [],
  course_modules: [chapter],
  chapter_progress: [],
  user_task_progress: [],
};

let offline = false;
/** Requests made, in order, as "collection" or "collection/id". */
let requested: string[] = [];
/** Requests waiting for `answerAll()`. */
let waiting: Array<() => void> = [];

function respond(path: string): Response {
  const [, collection = '', id] = /^\/api\/collections\/([^/]+)\/records(?:\/([^/?]+))?/.exec(path) ?? [];
  if (id) return Response.json(chapter);
  const items = answers[collection] ?? [];
  return Response.json({ page: 1, perPage: 1000, totalItems: items.length, totalPages: 1, items });
}

function answerAll() {
  const now = waiting;
  waiting = [];
  for (const go of now) go();
}

const b64 = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, '');
/** The learner's session: live for an hour. */
const liveToken = `${b64({ alg: 'HS256' })}.${b64({ id: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

beforeEach(async () => {
  pb.authStore.save(liveToken, user as never);
  offline = false;
  requested = [];
  waiting = [];
  await Promise.all(db.tables.map((t) => t.clear()));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      const [, collection, id] = /^\/api\/collections\/([^/]+)\/records(?:\/([^/?]+))?/.exec(url.pathname) ?? [];
      requested.push(id ? `${collection}/${id}` : (collection ?? url.pathname));
      if (offline) throw new TypeError('Failed to fetch');
      await new Promise<void>((go) => waiting.push(go));
      return respond(url.pathname);
    }),
  );
});

afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const until = (check: () => boolean) => waitFor(() => expect(check()).toBe(true));

/** Renders a page inside a router (for its links) and the app's query client. */
function renderPage(queryClient: QueryClient, page: () => ReactElement) {
  const root = createRootRoute({ component: Outlet });
  const route = createRoute({ getParentRoute: () => root, path: '/page', component: page });
  const router = createRouter({
    routeTree: root.addChildren([route]),
    history: createMemoryHistory({ initialEntries: ['/page'] }),
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
}

async function goOffline() {
  offline = true;
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  onlineManager.setOnline(false);
  await courseQueryOptions('whispering-game').mirror.write(course);
  await outlineQueryOptions('c1').mirror.write(outline);
  await enrollmentQueryOptions('u1', 'c1').mirror.write(enrollment as never);
}

describe("the course dashboard's loader", () => {
  it('starts every other read together once the course id is known (no waterfall)', async () => {
    const queryClient = createQueryClient();
    const loading = loadCourseDashboard(queryClient, user, 'whispering-game');
    await until(() => waiting.length === 1);
    expect(requested).toEqual(['courses']);
    answerAll();
    // outline, enrolment, tasks, full chapters and the progress pull (two lists), none answered yet
    await until(() => waiting.length === 6);
    expect(requested.slice(1).sort()).toEqual([
      'chapter_progress',
      'course_enrollments',
      'course_modules',
      'course_outline',
      'course_tasks',
      'user_task_progress',
    ]);
    answerAll();
    await loading;
    expect(queryClient.getQueryData(outlineQueryOptions('c1').queryKey)).toHaveLength(2);
  });

  it('offline, the dashboard renders from the device copy of the course', async () => {
    await goOffline();
    const queryClient = createQueryClient();
    await loadCourseDashboard(queryClient, user, 'whispering-game');
    renderPage(queryClient, () => <CourseDashboard user={user} slug="whispering-game" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'The Whispering Game' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Your Progress' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Chapter 2/ }).getAttribute('href')).toBe(
      '/course/whispering-game/chapter/m2',
    );
  });

  it('an unknown course is the route\'s "not found"', async () => {
    answers.courses = [];
    try {
      const queryClient = createQueryClient();
      const loading = loadCourseDashboard(queryClient, user, 'no-such-course');
      await until(() => waiting.length === 1);
      answerAll();
      await expect(loading).rejects.toMatchObject({ isNotFound: true });
    } finally {
      answers.courses = [course];
    }
  });
});

describe('the chapter loader', () => {
  it("starts the chapter's own read together with the course's", async () => {
    const queryClient = createQueryClient();
    const loading = loadChapterPage(queryClient, user, 'whispering-game', 'm1');
    await until(() => waiting.length === 2);
    expect([...requested].sort()).toEqual(['course_modules/m1', 'courses']);
    answerAll();
    // then the outline, enrolment, tasks and the progress pull, side by side
    await until(() => waiting.length === 5);
    answerAll();
    await loading;
  });

  it('offline, an enrolled learner reads a chapter the device holds', async () => {
    await goOffline();
    await chapterMirror('u1', 'm1').write(chapter);
    const queryClient = createQueryClient();
    await loadChapterPage(queryClient, user, 'whispering-game', 'm1');
    renderPage(queryClient, () => <ChapterViewer user={user} courseSlug="whispering-game" chapterId="m1" />);
    expect(await screen.findByText('The text of chapter one.')).toBeTruthy();
    expect(screen.getByText('Video coming soon')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Chapter 1' })).toBeTruthy();
  });

  it('offline without a copy of the chapter, the page says so in place', async () => {
    await goOffline();
    const queryClient = createQueryClient();
    await loadChapterPage(queryClient, user, 'whispering-game', 'm2');
    renderPage(queryClient, () => <ChapterViewer user={user} courseSlug="whispering-game" chapterId="m2" />);
    expect(await screen.findByText('This chapter is not available offline yet.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Chapter 2' })).toBeTruthy();
  });

  it('offline with no copy of the course on the device, the page says the chapter is not on this device, with a hint', async () => {
    offline = true;
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onlineManager.setOnline(false);
    const queryClient = createQueryClient();
    const error = await loadChapterPage(queryClient, user, 'whispering-game', 'm1').then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(error).toBeDefined();
    const ErrorComponent = ChapterRoute.options.errorComponent as unknown as (p: {
      error: unknown;
      reset: () => void;
    }) => ReactElement;
    renderPage(queryClient, () => <ErrorComponent error={error} reset={() => {}} />);
    expect(await screen.findByText(/not on this device/i)).toBeTruthy();
    expect(screen.getAllByText(/download it for offline use/i)).toHaveLength(1);
    expect(screen.queryByText('Course Not Found')).toBeNull();
  });
});
