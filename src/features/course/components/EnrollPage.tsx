import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useOnlineStatus } from '@/lib/offline/online';
import { imageSource } from '@/lib/pocketbase/files';
import type { UsersRecord } from '@/lib/pocketbase/types.gen';
import { container } from '@/styles/utils.css';
import { button } from '@/ui/button/button.css';
import { Image } from '@/ui/image/Image';
import { toast } from '@/ui/toast/toast-store';
import { createCourseCheckout } from '../api/checkout';
import { enrollmentQueryOptions, useCourse } from '../api/course';
import { coursePrice } from '../model/progress';
import * as c from './course.css';

const FEATURE_CARDS = [
  { title: 'Video chapters', text: 'Ten chapters and a behind-the-scenes film, streamed in your browser.' },
  { title: 'Tasks and compendium', text: 'Exercises for every chapter and a downloadable compendium.' },
  { title: 'Works offline', text: 'Tick tasks and keep your place without a connection; it syncs later.' },
];

/** /course/$slug/enroll: course summary and the checkout button. */
export function EnrollPage({ user, slug }: { user: UsersRecord; slug: string }) {
  const navigate = useNavigate();
  const router = useRouter();
  const online = useOnlineStatus();
  const data = useCourse(slug);
  // Unknown (offline, never read) counts as not enrolled; checkout needs a connection anyway.
  const { data: enrollment } = useQuery(enrollmentQueryOptions(user.id, data.id));
  const [busy, setBusy] = useState(false);
  const redirected = useRef(false);

  // Already enrolled: nothing to buy, off to the course.
  useEffect(() => {
    if (!enrollment || redirected.current) return;
    redirected.current = true;
    toast({ title: 'Already Enrolled', description: 'You are already enrolled in this course.' });
    void navigate({ to: '/course/$slug', params: { slug }, replace: true });
  }, [enrollment, navigate, slug]);

  const photo = imageSource(data, data.instructor_photo, 400);

  const checkout = async () => {
    setBusy(true);
    try {
      const url = await createCourseCheckout(slug);
      window.location.assign(url);
    } catch (err) {
      const status = (err as { status?: number })?.status;
      if (status === 409) {
        toast({ title: 'Already Enrolled', description: 'You are already enrolled in this course.' });
        void navigate({ to: '/course/$slug', params: { slug } });
      } else if (status && status >= 400) {
        console.error('[checkout] create-payment failed', err);
        toast({
          title: 'Payment Error',
          description: 'Failed to create checkout session. Please try again.',
          destructive: true,
        });
      } else {
        console.error('[checkout] unexpected failure', err);
        toast({ title: 'Error', description: 'Something went wrong. Please try again.', destructive: true });
      }
      setBusy(false);
    }
  };

  return (
    <div className={`${container} ${c.page}`}>
      <div>
        <button type="button" className={button({ tone: 'ghost', size: 'sm' })} onClick={() => router.history.back()}>
          ← Back
        </button>
      </div>
      <div className={c.grid2}>
        <section className={c.card} aria-labelledby="enroll-title">
          <p className={c.muted}>by {data.instructor_name}</p>
          <h1 id="enroll-title" className={c.title}>
            {data.title}
          </h1>
          <p>{data.description}</p>
        </section>
        <section className={c.card} aria-label="Price">
          <p className={c.price}>{coursePrice(data.price_cents, data.currency)}</p>
          <p className={c.muted}>One-time payment</p>
          <button
            type="button"
            className={button({ tone: 'solid', block: true })}
            disabled={busy || !online}
            onClick={() => void checkout()}
          >
            {busy ? 'Creating checkout...' : 'Continue Course'}
          </button>
          {!online ? <p className={c.small}>You are offline. Checkout needs a connection.</p> : null}
          <ul className={c.list}>
            <li>30-day money-back guarantee</li>
            <li>Secure payment processing</li>
            <li>Lifetime access</li>
          </ul>
        </section>
      </div>
      <div className={c.grid3}>
        {FEATURE_CARDS.map((f) => (
          <div key={f.title} className={c.card}>
            <h2 className={c.h3}>{f.title}</h2>
            <p className={c.muted}>{f.text}</p>
          </div>
        ))}
      </div>
      <section className={c.card} aria-labelledby="instructor-title">
        <div className={c.row}>
          {photo ? (
            <Image
              src={photo.src}
              srcSet={photo.srcSet}
              webpSrcSet={photo.webpSrcSet}
              sizes="5rem"
              alt={data.instructor_photo_alt ?? ''}
              width={80}
              height={80}
              style={{ borderRadius: '50%', objectFit: 'cover' }}
            />
          ) : null}
          <div>
            <h2 id="instructor-title" className={c.h3}>
              {data.instructor_name}
            </h2>
            <p className={c.muted}>{data.instructor_bio}</p>
          </div>
        </div>
      </section>
    </div>
  );
}
