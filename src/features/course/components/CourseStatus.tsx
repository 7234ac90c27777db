import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { container } from '@/styles/utils.css';
import { button } from '@/ui/button/button.css';
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

/** "Course Not Found" with "Go Home"; `notice` is toasted once when it appears. */
export function CourseNotFound({ notice }: { notice?: ToastInput }) {
  useToastOnce(notice);
  return (
    <div className={`${container} ${c.center}`}>
      <h1 className={c.title}>Course Not Found</h1>
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
