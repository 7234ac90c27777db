import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { viewingRoomArtworkQueryOptions } from '@/features/viewing-room/api/artwork';
import { verifyRoomLink } from '@/features/viewing-room/api/unlock';
import { forgetRoomCopy, viewingRoomWorksQueryOptions } from '@/features/viewing-room/api/works';
import { ArtworkView } from '@/features/viewing-room/components/ArtworkView';
import { EntryForm } from '@/features/viewing-room/components/EntryForm';
import { RoomPager } from '@/features/viewing-room/components/RoomPager';
import * as styles from '@/features/viewing-room/components/ViewingRoom.css';
import { endRoomPass, grantRoomPass, type RoomPass, useRoomPass } from '@/features/viewing-room/model/access';
import { container, eyebrow } from '@/styles/utils.css';
import { button } from '@/ui/button/button.css';
import { PageHead } from '@/ui/page-head/PageHead';
import { toast } from '@/ui/toast/toast-store';

/**
 * /viewing-room?artwork=slug: the gate, then the artwork. The gate's text needs only the
 * public record; what the room shows comes from the server to the holder of a room pass.
 */
export function ViewingRoomPage({ slug, access }: { slug?: string; access?: string }) {
  const pass = useRoomPass();
  const navigate = useNavigate();

  // The link in the welcome email carries a pass: it opens the room on this device too.
  useEffect(() => {
    if (!access) return;
    let alive = true;
    verifyRoomLink(access).then(
      (expiresAt) => {
        if (!alive) return;
        if (expiresAt) {
          grantRoomPass({ token: access, expiresAt });
          toast({ title: 'Access granted', description: 'The viewing room is unlocked on this device.' });
        } else {
          toast({
            title: 'Link not valid',
            description: 'Please enter your details to open the viewing room.',
            destructive: true,
          });
        }
        void navigate({ to: '/viewing-room', search: (s) => ({ ...s, access: undefined }), replace: true });
      },
      () => {
        // not checked (offline): the link stays in the address for a reload once online
        if (alive) toast({ title: 'Link not checked', description: 'Open the link again when you are back online.' });
      },
    );
    return () => {
      alive = false;
    };
  }, [access, navigate]);

  // no pass on this device (any more): nothing of the room stays on it
  useEffect(() => {
    if (!pass) void forgetRoomCopy().catch(() => {});
  }, [pass]);

  return <div className={container}>{pass ? <OpenRoom pass={pass} slug={slug} /> : <Gate slug={slug} />}</div>;
}

/** No pass on this device: the entry form, naming the work the visitor came for. */
function Gate({ slug }: { slug?: string }) {
  const { data: artwork } = useSuspenseQuery(viewingRoomArtworkQueryOptions(slug));
  if (!artwork) {
    return (
      <>
        <PageHead title="Viewing Room" />
        <div className={styles.gate}>
          <h1 className={styles.title}>Viewing Room</h1>
          <p className={styles.text}>No works available yet.</p>
        </div>
      </>
    );
  }
  return (
    <>
      <PageHead title="Viewing Room" description={`The private online viewing room: ${artwork.title}.`} />
      <div className={styles.gate}>
        <p className={eyebrow}>Private viewing room</p>
        <h1 className={styles.title}>Viewing Room</h1>
        <p className={styles.text}>
          Leave your name and email to see <em>{artwork.title}</em> and more works up close, with detail images and
          prices on request.
        </p>
        <EntryForm artworkSlug={artwork.slug} />
      </div>
    </>
  );
}

/**
 * The room for a pass holder: the works as the server serves them (or this device's copy
 * offline), one at a time, with a way to the previous and the next.
 */
function OpenRoom({ pass, slug }: { pass: RoomPass; slug?: string }) {
  const { data: works, error, isPending, refetch, isFetching } = useQuery(viewingRoomWorksQueryOptions(pass));
  const ended = (error as { status?: number } | null)?.status === 401;

  useEffect(() => {
    if (!ended) return;
    endRoomPass();
    toast({
      title: 'Your viewing room access has ended',
      description: 'Please enter your details again to open the room.',
      destructive: true,
    });
  }, [ended]);

  if (isPending || ended) {
    return (
      <p className={styles.status} role="status">
        Opening the viewing room…
      </p>
    );
  }
  // the work the address names, else the first in the artist's order
  const found = works?.findIndex((w) => w.slug === slug) ?? -1;
  const index = found >= 0 ? found : 0;
  const work = works?.[index];
  if (!work) {
    return (
      <div className={styles.gate} role="alert">
        <h1 className={styles.title}>Viewing Room</h1>
        <p className={styles.text}>
          {error
            ? 'The viewing room could not be opened. Check your connection and try again.'
            : 'No works available yet.'}
        </p>
        {error ? (
          <div>
            <button type="button" className={button()} disabled={isFetching} onClick={() => void refetch()}>
              Try again
            </button>
          </div>
        ) : null}
      </div>
    );
  }
  return (
    <>
      <PageHead
        title={`${work.title} — Viewing Room`}
        description={`The private online viewing room: ${work.title}.`}
      />
      <RoomPager works={works ?? []} index={index} />
      <ArtworkView artwork={work} />
    </>
  );
}
