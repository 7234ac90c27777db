export interface S3Server {
  endpoint: string;
  /** The folder holding one sub-folder per bucket (objects are plain files in them). */
  root: string;
  /** S3_* variables for PocketBase's media storage in the first bucket. */
  env: Record<string, string>;
  stop(): Promise<void>;
}
export function startS3Server(buckets?: string[]): Promise<S3Server>;
