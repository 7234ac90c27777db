import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { button } from '@/ui/button/button.css';
import { toast } from '@/ui/toast/toast-store';
import { COMPENDIUM_TITLE, compendiumQueryOptions, downloadCourseFile, useStoredCompendium } from '../api/compendium';

/**
 * "Download Compendium": the course's protected PDF. The first press stores it in the
 * learner's downloads on this device; every press (offline too, once stored) saves that copy.
 * Nothing shows while the course has no compendium.
 */
export function CompendiumButton({
  userId,
  courseId,
  courseSlug,
}: {
  userId: string;
  courseId: string;
  courseSlug: string;
}) {
  const record = useQuery(compendiumQueryOptions(userId, courseId));
  const stored = useStoredCompendium(userId, courseId);
  const [busy, setBusy] = useState(false);
  if (!stored && !record.data) return null;

  const download = async () => {
    setBusy(true);
    try {
      await downloadCourseFile(userId, stored, record.data, COMPENDIUM_TITLE, `${courseSlug}-compendium.pdf`);
    } catch (err) {
      toast({
        title: 'Download failed',
        description: err instanceof Error ? err.message : 'The compendium could not be downloaded.',
        destructive: true,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={button({ tone: 'outline', size: 'sm', block: true })}
      onClick={download}
      disabled={busy}
      aria-busy={busy}
    >
      Download Compendium
    </button>
  );
}
