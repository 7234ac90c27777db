import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { button } from '@/ui/button/button.css';
import { toast } from '@/ui/toast/toast-store';
import { CERTIFICATE_TITLE, type CompletionCertificate, certificateQueryOptions, formatCode } from '../api/certificate';
import { downloadCourseFile, useStoredCourseFile } from '../api/compendium';
import * as c from './course.css';

/**
 * "Your certificate" on the dashboard of a completed course: the PDF of completion, kept in
 * the learner's downloads on this device at the first press (then it opens offline too).
 */
export function CertificateCard(props: CertificateProps) {
  // the certificate record exists only once the course is completed
  return props.completed ? <CompletedCertificate {...props} /> : <CertificateSection {...props} cert={undefined} />;
}

interface CertificateProps {
  userId: string;
  courseId: string;
  courseSlug: string;
  completed: boolean;
}

function CompletedCertificate(props: CertificateProps) {
  const record = useQuery(certificateQueryOptions(props.userId, props.courseId));
  return <CertificateSection {...props} cert={record.data} />;
}

function CertificateSection({
  userId,
  courseId,
  courseSlug,
  completed,
  cert,
}: CertificateProps & { cert: CompletionCertificate | null | undefined }) {
  const stored = useStoredCourseFile(userId, courseId, CERTIFICATE_TITLE);
  const [busy, setBusy] = useState(false);
  if (!completed && !stored) return null;

  const download = async () => {
    setBusy(true);
    try {
      await downloadCourseFile(userId, stored, cert, CERTIFICATE_TITLE, `${courseSlug}-certificate.pdf`);
    } catch (err) {
      toast({
        title: 'Download failed',
        description: err instanceof Error ? err.message : 'The certificate could not be downloaded.',
        destructive: true,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={c.card} aria-labelledby="certificate-title">
      <h2 id="certificate-title" className={c.h3}>
        Your certificate
      </h2>
      {cert?.file || stored ? (
        <>
          <p className={c.muted}>
            Your certificate of completion
            {cert ? (
              <>
                {' '}
                · code <span data-testid="certificate-code">{formatCode(cert.code)}</span>
              </>
            ) : null}
          </p>
          <button
            type="button"
            className={button({ tone: 'solid', size: 'sm' })}
            onClick={download}
            disabled={busy}
            aria-busy={busy}
          >
            Download certificate
          </button>
          {cert ? (
            <a href={`/verify/${formatCode(cert.code)}`} className={c.muted}>
              Anyone can check it at /verify/{formatCode(cert.code)}
            </a>
          ) : null}
        </>
      ) : (
        <p className={c.muted}>Your certificate of completion is being made. It appears here in a moment.</p>
      )}
    </section>
  );
}
