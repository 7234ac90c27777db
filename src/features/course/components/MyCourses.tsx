import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { imageSource } from '@/lib/pocketbase/files';
import type { UsersRecord } from '@/lib/pocketbase/types.gen';
import { container } from '@/styles/utils.css';
import { button } from '@/ui/button/button.css';
import { Image } from '@/ui/image/Image';
import { type EnrollmentWithCourse, myEnrollmentsQueryOptions } from '../api/course';
import { useCourseProgress } from '../api/progress';
import { useProgressPull } from '../api/progress-pull';
import * as c from './course.css';
import { ProgressSummary, useProgressCounts } from './ProgressSummary';

function CourseCard({ enrollment, userId }: { enrollment: EnrollmentWithCourse; userId: string }) {
  const course = enrollment.expand?.course_id;
  const courseId = enrollment.course_id;
  useProgressPull(userId, courseId);
  const progress = useCourseProgress(userId, courseId);
  // A course whose outline and lessons were never read on this device still gets its card offline.
  const counts = useProgressCounts(courseId, progress);
  if (!course) return null;
  const cover = imageSource(course, course.cover_image, 800);
  return (
    <article className={c.card} data-testid="course-card">
      <Image
        src={cover?.src}
        srcSet={cover?.srcSet}
        webpSrcSet={cover?.webpSrcSet}
        sizes="(min-width: 768px) 33vw, 100vw"
        alt={course.cover_image_alt ?? ''}
        className={c.cover}
      />
      <h2 className={c.h3}>{course.title}</h2>
      <p className={c.muted}>by {course.instructor_name}</p>
      <p>{course.description}</p>
      <ProgressSummary title={course.title} counts={counts} />
      <Link to="/course/$slug" params={{ slug: course.slug }} className={button({ tone: 'solid', block: true })}>
        {counts.started ? 'Continue Learning' : 'Start Course'}
      </Link>
    </article>
  );
}

/** /my-courses: the learner's courses, newest enrolment first; `actions` sit beside the title (sign-out). */
export function MyCourses({ user, actions }: { user: UsersRecord; actions?: ReactNode }) {
  const { data: enrollments } = useSuspenseQuery(myEnrollmentsQueryOptions(user.id));
  return (
    <div className={`${container} ${c.page}`}>
      <header className={c.between}>
        <h1 className={c.title}>My Courses</h1>
        {actions}
      </header>
      {enrollments.length > 0 ? (
        <div className={c.grid3}>
          {enrollments.map((e) => (
            <CourseCard key={e.id} enrollment={e} userId={user.id} />
          ))}
        </div>
      ) : (
        <section className={`${c.card} ${c.empty}`}>
          <h2 className={c.h2}>No Courses Yet</h2>
          <p className={c.muted}>Courses you enroll in appear here.</p>
          <Link to="/" className={button({ tone: 'solid' })}>
            Browse Courses
          </Link>
        </section>
      )}
    </div>
  );
}
