import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { button } from '@/ui/button/button.css';
import { toast } from '@/ui/toast/toast-store';
import { compendiumQueryOptions, saveCompendium, storedCompendium, useStoredCompendium } from '../api/compendium';

/** Hands the browser a Blob as a file download. */
function saveAs(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

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
      let blob = stored ? await storedCompendium(stored) : null;
      if (!blob) {
        if (!record.data) throw new Error('The compendium is not on this device. Connect to download it.');
        blob = await saveCompendium(userId, record.data);
      }
      saveAs(blob, `${courseSlug}-compendium.pdf`);
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
