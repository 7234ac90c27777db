import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useOnlineStatus } from '@/lib/offline/online';
import { container, eyebrow } from '@/styles/utils.css';
import { button } from '@/ui/button/button.css';
import { toast } from '@/ui/toast/toast-store';
import { type AdminChapter, adminChaptersQueryOptions } from '../api/chapters';
import { type AdminCourse, adminCoursesQueryOptions } from '../api/courses';
import { compendiumFileName, compendiumText } from '../model/compendium';
import { saveAs } from '@/lib/files/save-as';
import * as styles from './AdminVideos.css';
import { ChapterCard } from './ChapterCard';

function saveTextFile(name: string, text: string) {
  saveAs(new Blob([text], { type: 'text/plain;charset=utf-8' }), name);
}

/** Toasts a query failure once per failure. */
function useErrorToast(failedAt: number, description: string) {
  useEffect(() => {
    if (failedAt > 0) toast({ title: 'Error', description, destructive: true });
  }, [failedAt, description]);
}

interface ToolbarProps {
  courses: AdminCourse[] | undefined;
  loading: boolean;
  selected: AdminCourse | undefined;
  chapters: AdminChapter[] | undefined;
  onSelectCourse: (id: string) => void;
}

/** The course select and "Download Text Compendium". */
function Toolbar({ courses, loading, selected, chapters, onSelectCourse }: ToolbarProps) {
  const selectId = useId();
  const downloadCompendium = () => {
    if (!selected || !chapters) return;
    saveTextFile(compendiumFileName(selected.title), compendiumText(selected.title, chapters));
    toast({ title: 'Success', description: 'Text compendium downloaded successfully' });
  };
  return (
    <div className={styles.toolbar}>
      <div className={styles.field}>
        <label htmlFor={selectId} className={styles.label}>
          Course
        </label>
        <select
          id={selectId}
          className={styles.select}
          value={selected?.id ?? ''}
          onChange={(e) => onSelectCourse(e.currentTarget.value)}
          disabled={!courses?.length}
        >
          {loading ? <option value="">Loading courses...</option> : null}
          {courses?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className={button({ tone: 'outline' })}
        onClick={downloadCompendium}
        disabled={!chapters?.length}
      >
        Download Text Compendium
      </button>
    </div>
  );
}

/** The selected course: its chapters, each with video and text controls. */
function SelectedCourse({
  course,
  courses,
  online,
  onSelectCourse,
}: {
  course: AdminCourse;
  courses: AdminCourse[];
  online: boolean;
  onSelectCourse: (id: string) => void;
}) {
  const chapters = useQuery(adminChaptersQueryOptions(course.id));
  useErrorToast(chapters.isError ? chapters.errorUpdatedAt : 0, 'Failed to fetch chapters');
  return (
    <>
      <Toolbar
        courses={courses}
        loading={false}
        selected={course}
        chapters={chapters.data}
        onSelectCourse={onSelectCourse}
      />
      {chapters.isPending ? <p className={styles.muted}>Loading chapters...</p> : null}
      {chapters.data?.length === 0 ? <p className={styles.muted}>This course has no chapters yet.</p> : null}
      {chapters.data?.length ? (
        <ol className={styles.list} aria-label={`Chapters of ${course.title}`}>
          {chapters.data.map((chapter, i) => (
            <ChapterCard key={chapter.id} chapter={chapter} index={i} online={online} />
          ))}
        </ol>
      ) : null}
    </>
  );
}

/**
 * A file dropped beside a chapter's row (or on one that is busy) would make the browser open it
 * in this tab, ending every upload under way: the page takes such drops and does nothing.
 */
function useIgnoreStrayFileDrops() {
  useEffect(() => {
    const ignore = (event: DragEvent) => {
      if (!event.dataTransfer?.types.includes('Files') || event.defaultPrevented) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'none';
    };
    window.addEventListener('dragover', ignore);
    window.addEventListener('drop', ignore);
    return () => {
      window.removeEventListener('dragover', ignore);
      window.removeEventListener('drop', ignore);
    };
  }, []);
}

/** /admin/videos: chapter videos and texts of one course at a time. */
export function AdminVideosPage({
  courseId,
  onSelectCourse,
}: {
  courseId?: string;
  onSelectCourse: (id: string) => void;
}) {
  const online = useOnlineStatus();
  useIgnoreStrayFileDrops();
  // The list and each course's chapters say in place when they cannot be read.
  const courses = useQuery(adminCoursesQueryOptions());
  const selected = courses.data?.find((c) => c.id === courseId) ?? courses.data?.[0];
  useErrorToast(courses.isError ? courses.errorUpdatedAt : 0, 'Failed to fetch courses');

  return (
    <div className={`${container} ${styles.page}`}>
      <header className={styles.header}>
        <p className={eyebrow}>Admin</p>
        <h1 className={styles.title}>Course Chapter Management</h1>
      </header>
      {online ? null : (
        <p className={styles.notice} role="status" data-testid="admin-offline">
          You are offline. Uploading videos and editing texts need a connection; they are switched off until you are
          back online.
        </p>
      )}
      {selected && courses.data ? (
        <SelectedCourse course={selected} courses={courses.data} online={online} onSelectCourse={onSelectCourse} />
      ) : (
        <Toolbar
          courses={courses.data}
          loading={courses.isPending}
          selected={undefined}
          chapters={undefined}
          onSelectCourse={onSelectCourse}
        />
      )}
      {courses.isError ? (
        <p className={styles.muted}>Courses could not be loaded. {online ? 'Try again in a moment.' : ''}</p>
      ) : null}
      {courses.data && courses.data.length === 0 ? (
        <p className={styles.muted}>No courses yet. Create one in the PocketBase admin UI (/_/).</p>
      ) : null}
    </div>
  );
}
