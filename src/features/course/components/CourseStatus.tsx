import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useOnlineStatus } from '@/lib/offline/online';
import { isTransientError } from '@/lib/pocketbase/errors';
import { SessionExpiredError } from '@/lib/pocketbase/session';
import { container } from '@/styles/utils.css';
import { button } from '@/ui/button/button.css';
import { PageHead } from '@/ui/page-head/PageHead';
import { type ToastInput, toast } from '@/ui/toast/toast-store';
import * as c from './course.css';

/** The course pages' spinner while their route loads. */
export function Loading() {
  return (
    <div className={c.center} role="status" aria-live="polite">
      <span className={c.spinner} aria-hidden="true" />
      <span className={c.muted}>Loading…</span>
    </div>
  );
}

/** Shows a toast once, when the screen that explains it appears. */
function useToastOnce(notice: ToastInput | undefined) {
  const title = notice?.title;
  const description = notice?.description;
  useEffect(() => {
    if (title) toast({ title, description, destructive: true });
  }, [title, description]);
}

/**
 * A course page that could not load because the device has no copy and no connection (or the
 * session has ended): says so, with what to do, instead of "Course Not Found".
 */
export function NotOnDevice({ what }: { what: 'chapter' | 'course' }) {
  const online = useOnlineStatus();
  return (
    <div className={`${container} ${c.center}`}>
      <PageHead title={`This ${what} is not on this device`} noindex />
      <h1 className={c.title}>This {what} is not on this device</h1>
      <p className={c.muted}>
        {online
          ? 'Sign in again to open it.'
          : `It opens as soon as you are back online. To take a ${what} with you, download it for offline use while you are connected (on the course page or Offline downloads).`}
      </p>
      <Link to="/downloads" className={button({ tone: 'outline' })}>
        Offline downloads
      </Link>
    </div>
  );
}

/** Whether a course page failed for want of a copy on the device (no network, or no live session). */
export function missingOnDevice(error: unknown): boolean {
  return isTransientError(error) || error instanceof SessionExpiredError;
}

/** "Course Not Found" with "Go Home"; `notice` is toasted once when it appears. */
export function CourseNotFound({ notice }: { notice?: ToastInput }) {
  useToastOnce(notice);
  return (
    <div className={`${container} ${c.center}`}>
      <PageHead title="Course Not Found" noindex />
      <h1 className={c.title}>Course Not Found</h1>
      <p className={c.muted}>There is no course at this address. It may have been moved or taken down.</p>
      <Link to="/" className={button({ tone: 'solid' })}>
        Go Home
      </Link>
    </div>
  );
}

/**
 * The enrol page's missing or unreadable course: a toast, then (when it does not exist) home.
 * Renders nothing itself.
 */
export function EnrollCourseUnavailable({ missing }: { missing: boolean }) {
  const navigate = useNavigate();
  useToastOnce(
    missing
      ? { title: 'Course Not Found', description: 'The requested course could not be found.' }
      : { title: 'Error', description: 'Failed to load course information.' },
  );
  useEffect(() => {
    if (missing) void navigate({ to: '/', replace: true });
  }, [missing, navigate]);
  return null;
}
