import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { PageHead } from '@/ui/page-head/PageHead';
import { viewingRoomArtworkQueryOptions } from '@/features/viewing-room/api/artwork';
import { verifyRoomLink } from '@/features/viewing-room/api/unlock';
import { ArtworkView } from '@/features/viewing-room/components/ArtworkView';
import { EntryForm } from '@/features/viewing-room/components/EntryForm';
import * as styles from '@/features/viewing-room/components/ViewingRoom.css';
import { grantRoomAccess, hasRoomAccess } from '@/features/viewing-room/model/access';
import { container, eyebrow } from '@/styles/utils.css';
import { toast } from '@/ui/toast/toast-store';

/** /viewing-room?artwork=slug: the gate, then the artwork. */
export function ViewingRoomPage({ slug, access }: { slug?: string; access?: string }) {
  const { data: artwork } = useSuspenseQuery(viewingRoomArtworkQueryOptions(slug));
  const [unlocked, setUnlocked] = useState(hasRoomAccess);
  const navigate = useNavigate();

  // The link in the welcome email unlocks the room on this device too.
  useEffect(() => {
    if (!access) return;
    let alive = true;
    void verifyRoomLink(access).then((ok) => {
      if (!alive) return;
      if (ok) {
        grantRoomAccess();
        setUnlocked(true);
        toast({ title: 'Access granted', description: 'The viewing room is unlocked on this device.' });
      } else {
        toast({
          title: 'Link not valid',
          description: 'Please enter your details to open the viewing room.',
          destructive: true,
        });
      }
      void navigate({ to: '/viewing-room', search: (s) => ({ ...s, access: undefined }), replace: true });
    });
    return () => {
      alive = false;
    };
  }, [access, navigate]);

  if (!artwork) {
    return (
      <div className={container}>
        <PageHead title="Viewing Room" />
        <div className={styles.gate}>
          <h1 className={styles.title}>Viewing Room</h1>
          <p className={styles.text}>No works available yet.</p>
        </div>
      </div>
    );
  }

  return (
    <div className={container}>
      <PageHead
        title={unlocked ? `${artwork.title} — Viewing Room` : 'Viewing Room'}
        description={`The private online viewing room: ${artwork.title}.`}
      />
      {unlocked ? (
        <ArtworkView artwork={artwork} />
      ) : (
        <div className={styles.gate}>
          <p className={eyebrow}>Private viewing room</p>
          <h1 className={styles.title}>Viewing Room</h1>
          <p className={styles.text}>
            Leave your name and email to see <em>{artwork.title}</em> and more works up close, with detail images and
            prices on request.
          </p>
          <EntryForm artworkSlug={artwork.slug} onUnlocked={() => setUnlocked(true)} />
        </div>
      )}
    </div>
  );
}
