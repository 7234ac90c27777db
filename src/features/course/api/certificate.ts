// The learner's certificate of completion: made by the server when every chapter is completed
// (pb_hooks/lib/shop/certificates.js), a protected PDF only its learner reads. Saved to the
// learner's downloads on this device like the compendium, so it opens offline too.
import { queryOptions } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase/client';
import { Collections } from '@/lib/contract/contract.gen';
import type { CertificatesRecord } from '@/lib/pocketbase/types.gen';
import type { CourseFile } from './compendium';
import { courseKeys } from './keys';

export type CompletionCertificate = CourseFile & Pick<CertificatesRecord, 'code' | 'issued_at'>;

export const CERTIFICATE_TITLE = 'Certificate';

/** The learner's valid completion certificate of a course (null until the server has made it). */
export const certificateQueryOptions = (userId: string, courseId: string) =>
  queryOptions({
    queryKey: courseKeys.certificate(userId, courseId),
    queryFn: async (): Promise<CompletionCertificate | null> =>
      (
        await pb.collection(Collections.Certificates).getList<CompletionCertificate>(1, 1, {
          filter: pb.filter('kind = "course" && course_id = {:c} && user_id = {:u} && status = "valid"', {
            c: courseId,
            u: userId,
          }),
          fields: 'id,collectionId,collectionName,course_id,file,code,issued_at',
          skipTotal: true,
        })
      ).items[0] ?? null,
    // made a moment after the last chapter syncs: look again until it has its PDF
    refetchInterval: (q) => (q.state.data?.file ? false : 15_000),
  });

/** XXXX-XXXX-XXXX, as printed on the certificate. */
export const formatCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8, 12)}`;
