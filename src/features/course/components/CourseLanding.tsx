import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { imageSource } from '@/lib/pocketbase/files';
import { COURSE_SLUG } from '@/lib/contract/contract.gen';
import { useAuth } from '@/lib/pocketbase/session';
import type { CourseOutlineRecord, CoursesRecord } from '@/lib/pocketbase/types.gen';
import { container, eyebrow } from '@/styles/utils.css';
import { button } from '@/ui/button/button.css';
import { Image } from '@/ui/image/Image';
import { courseQueryOptions, enrollmentQueryOptions, lessonsQueryOptions, outlineQueryOptions } from '../api/course';
import { coursePrice } from '../model/progress';
import * as c from './course.css';
import * as styles from './CourseLanding.css';
import { CourseCover } from './CourseCover';

const FEATURES = [
  {
    title: 'Sketch without fear',
    text: 'Warm-ups and games that get you past the first line and keep your hand moving.',
  },
  {
    title: 'Paint with a story',
    text: 'Build small stages from paper and wax and learn to leave room for the viewer.',
  },
  {
    title: 'Learn at your pace',
    text: 'Short video chapters, tasks to tick off, and progress that follows you to every device.',
  },
];

type Tone = 'solid' | 'inverse';

function EnrollButtonView({
  label,
  disabled = false,
  go,
  tone,
}: {
  label: string;
  disabled?: boolean;
  go?: () => void;
  tone: Tone;
}) {
  return (
    <button
      type="button"
      className={button({ tone, block: true })}
      disabled={disabled}
      aria-busy={disabled}
      onClick={go}
      data-testid="enroll-button"
    >
      {label}
    </button>
  );
}

/** A signed-in visitor: "Continue Course" when enrolled, else "Enroll Now". */
function SignedInEnrollButton({ userId, course, tone }: { userId: string; course: CoursesRecord; tone: Tone }) {
  const enrollment = useQuery(enrollmentQueryOptions(userId, course.id));
  const navigate = useNavigate();
  const slug = course.slug;
  if (enrollment.isPending) return <EnrollButtonView label="Loading..." disabled tone={tone} />;
  if (enrollment.data)
    return (
      <EnrollButtonView
        label="Continue Course"
        go={() => void navigate({ to: '/course/$slug', params: { slug } })}
        tone={tone}
      />
    );
  return (
    <EnrollButtonView
      label="Enroll Now"
      go={() => void navigate({ to: '/course/$slug/enroll', params: { slug } })}
      tone={tone}
    />
  );
}

/** The enrol button's label and target for the visitor's state (loading, signed out, enrolled or not). */
function EnrollButton({ course, tone = 'solid' }: { course: CoursesRecord | null | undefined; tone?: Tone }) {
  const auth = useAuth();
  const navigate = useNavigate();
  if (auth.status === 'signedOut') {
    return (
      <EnrollButtonView
        label="Sign In to Enroll"
        go={() => void navigate({ to: '/auth', search: { redirect: '/whispering-game' } })}
        tone={tone}
      />
    );
  }
  if (auth.status === 'loading' || !auth.user || !course)
    return <EnrollButtonView label="Loading..." disabled tone={tone} />;
  return <SignedInEnrollButton userId={auth.user.id} course={course} tone={tone} />;
}

function entryTitle(ch: CourseOutlineRecord) {
  return ch.sort_order <= 10 ? `Chapter ${ch.sort_order}: ${ch.title}` : ch.title;
}

/** The accordion of chapters; only chapter 1 lists its lessons. */
function Curriculum({ courseId }: { courseId: string }) {
  const { data: outline } = useQuery(outlineQueryOptions(courseId));
  const { data: lessons } = useQuery(lessonsQueryOptions(courseId));
  if (!outline || !lessons) return <p className={c.muted}>Loading...</p>;
  return (
    <div className={styles.accordion}>
      {outline.map((ch) => {
        const chapterLessons = lessons.filter((l) => l.module_id === ch.id);
        return (
          <details key={ch.id} className={styles.entry}>
            <summary className={styles.summary}>{entryTitle(ch)}</summary>
            <div className={styles.entryBody}>
              {ch.sort_order === 1 ? (
                <ul className={c.list}>
                  {chapterLessons.map((l) => (
                    <li key={l.id}>{l.title}</li>
                  ))}
                </ul>
              ) : (
                <p className={c.muted}>Content locked</p>
              )}
            </div>
          </details>
        );
      })}
    </div>
  );
}

/** /whispering-game: the public course landing page. */
export function CourseLanding() {
  // The page has fixed texts for a missing record (offline on a first visit): no error screen.
  const { data } = useQuery(courseQueryOptions(COURSE_SLUG));
  const photo = data ? imageSource(data, data.instructor_photo, 400) : undefined;
  // one price, written one way on the page: the database's, or the landing page's $139 before it loads
  const price = data ? coursePrice(data.price_cents, data.currency) : '$139';

  return (
    <div className={`${container} ${c.page}`}>
      <section className={styles.hero} aria-labelledby="course-title">
        <div className={styles.heroText}>
          <p className={eyebrow}>Online course</p>
          <h1 id="course-title" className={c.title}>
            {data?.title ?? 'The Whispering Game'}
          </h1>
          <p className={styles.lead}>{data?.description ?? 'A creativity and sketching course by Elin Vinter.'}</p>
          <ul className={styles.facts}>
            <li>10 Chapters</li>
            <li>27 Lessons</li>
            <li>Lifetime Access</li>
            <li>30-Day Guarantee</li>
          </ul>
        </div>
        <aside className={c.card} aria-label="Price">
          <CourseCover course={data} />
          <p className={c.price} data-testid="course-price">
            {price}
          </p>
          <p className={c.muted}>One-time payment</p>
          <EnrollButton course={data} />
        </aside>
      </section>

      <section aria-labelledby="features-title" className={styles.section}>
        <h2 id="features-title" className={c.h2}>
          What you will learn
        </h2>
        <div className={c.grid3}>
          {FEATURES.map((f) => (
            <div key={f.title} className={c.card}>
              <h3 className={c.h3}>{f.title}</h3>
              <p className={c.muted}>{f.text}</p>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="includes-title" className={styles.section}>
        <h2 id="includes-title" className={c.h2}>
          This course includes
        </h2>
        <ul className={c.list}>
          <li>10 video modules</li>
          <li>Behind-the-scenes painting from start to finish</li>
          <li>Downloadable compendium with assignments</li>
        </ul>
      </section>

      <section aria-labelledby="curriculum-title" className={styles.section}>
        <h2 id="curriculum-title" className={c.h2}>
          Curriculum
        </h2>
        {data ? <Curriculum courseId={data.id} /> : <p className={c.muted}>Loading...</p>}
      </section>

      <section aria-labelledby="instructor-title" className={`${c.card} ${styles.instructor}`}>
        {photo ? (
          <Image
            src={photo.src}
            srcSet={photo.srcSet}
            webpSrcSet={photo.webpSrcSet}
            sizes="8rem"
            alt={data?.instructor_photo_alt ?? ''}
            width={128}
            height={128}
            className={styles.portrait}
          />
        ) : null}
        <div>
          <h2 id="instructor-title" className={c.h2}>
            Your instructor
          </h2>
          <p className={c.h3}>{data?.instructor_name ?? 'Elin Vinter'}</p>
          <p className={c.muted}>{data?.instructor_bio}</p>
        </div>
      </section>

      <section aria-labelledby="guarantee-title" className={styles.guarantee}>
        <h2 id="guarantee-title" className={c.h2}>
          30-Day Satisfaction Guarantee
        </h2>
        <p>Take the course for 30 days. If it is not for you, write to us and get a full refund.</p>
        <p className={c.price} data-testid="course-price">
          {price}
        </p>
        <div className={styles.guaranteeButton}>
          <EnrollButton course={data} tone="inverse" />
        </div>
        <p className={c.small}>
          Questions? <Link to="/contact">Write to the studio</Link>.
        </p>
      </section>
    </div>
  );
}
