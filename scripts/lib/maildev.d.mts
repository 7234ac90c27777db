export interface MailDevMessage {
  id: string;
  subject: string;
  html?: string;
  text?: string;
  from: { address: string; name?: string }[];
  to: { address: string; name?: string }[];
  replyTo?: { address: string; name?: string }[];
  headers: Record<string, string>;
  date: string;
}
export interface MailDev {
  smtpPort: number;
  webPort: number;
  url: string;
  smtpEnv: Record<string, string>;
  messages(): Promise<MailDevMessage[]>;
  clear(): Promise<void>;
  stop(): Promise<void>;
}
export function startMailDev(opts?: {
  smtpPort?: number;
  webPort?: number;
  stdio?: 'pipe' | 'inherit';
}): Promise<MailDev>;
