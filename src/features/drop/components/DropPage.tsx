import { useSuspenseQuery } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { dropQueryOptions } from '@/features/drop/api/drop';
import { DropView } from '@/features/drop/components/DropView';
import { dropTitle, resolveEnd, resolveRelease } from '@/features/drop/model/countdown';
import { container } from '@/styles/utils.css';
import { PageHead } from '@/ui/page-head/PageHead';

/** /drop/$slug (default print-drop): countdown to the release in Stockholm time, live, then ended. */
export function DropPage({ slug, release }: { slug: string; release?: string }) {
  const { data: drop } = useSuspenseQuery(dropQueryOptions(slug));
  if (!drop) throw notFound();
  const at = resolveRelease(release, drop.release_at);
  const ends = resolveEnd(at, drop.release_at, drop.ends_at);
  return (
    <div className={container}>
      <PageHead title={dropTitle(drop.title)} description={drop.description || undefined} />
      <DropView key={at.getTime()} drop={drop} release={at} ends={ends} />
    </div>
  );
}
