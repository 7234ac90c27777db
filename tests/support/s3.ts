// A real S3-compatible server (versitygw) for the integration tests.
import { type S3Server, startS3Server } from '../../scripts/lib/s3-server.mjs';

export type TestS3 = S3Server;

export function startS3(buckets?: string[]): Promise<TestS3> {
  return startS3Server(buckets);
}
