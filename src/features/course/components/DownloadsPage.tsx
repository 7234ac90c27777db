import { useQuery } from '@tanstack/react-query';
import { container, eyebrow } from '@/styles/utils.css';
import { InstallApp } from '@/ui/install/InstallApp';
import { downloadableCoursesQueryOptions } from '../api/downloadable-courses';
import { DownloadButton } from './DownloadButton';
import * as styles from './Downloads.css';
import { DownloadsList } from './DownloadsList';

/** /downloads: take enrolled courses offline, see and free what is stored, install the app. */
export function DownloadsPage({ userId }: { userId: string }) {
  // What is already on the device works without it: a failed read is said in place.
  const courses = useQuery(downloadableCoursesQueryOptions(userId));
  return (
    <div className={`${container} ${styles.page}`}>
      <header>
        <p className={eyebrow}>Your courses</p>
        <h1 className={styles.title}>Offline downloads</h1>
        <p className={styles.muted}>
          Download chapters to watch them without a connection. Your progress is saved and syncs when you are back
          online.
        </p>
      </header>
      <InstallApp />
      <DownloadsList userId={userId} />
      {courses.isError ? (
        <p className={styles.muted}>
          Your courses could not be loaded{navigator.onLine ? '' : ' while offline'}. The downloads above still work.
        </p>
      ) : null}
      {courses.data?.length === 0 ? <p className={styles.muted}>You have no courses to download yet.</p> : null}
      {courses.data?.map((course) => (
        <section key={course.id} className={styles.panel} aria-labelledby={`course-${course.id}`}>
          <h2 id={`course-${course.id}`} className={styles.heading}>
            {course.title}
          </h2>
          <DownloadButton userId={userId} courseId={course.id} chapters={course.chapters} scope="course" />
          <ul className={styles.list}>
            {course.chapters.map((chapter) => (
              <li key={chapter.id} className={styles.item} data-testid="downloadable-chapter">
                <span>{chapter.title}</span>
                <DownloadButton userId={userId} courseId={course.id} chapters={[chapter]} scope="chapter" />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
