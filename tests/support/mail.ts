// Reading mails back from maildev. Its parsed `headers` omit custom headers
// (List-Unsubscribe, Reply-To), so headers are read from the raw source.

export interface Mail {
  id: string;
  subject: string;
  html: string;
  text: string;
  to: { address: string }[];
  headers: Record<string, string>;
}

interface MailDev {
  url: string;
  messages(): Promise<unknown>;
}

/** Headers of a message from its raw source, names lower-cased, folded lines joined. */
async function rawHeaders(mail: MailDev, id: string): Promise<Record<string, string>> {
  const source = await (await fetch(`${mail.url}/api/email/${id}/source`)).text();
  const head = source.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const out: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) out[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return out;
}

/** Waits until `count` mails to `address` arrived (or 10 s passed); headers filled from the source. */
export async function mailsTo(mail: MailDev, address: string, count = 1, timeoutMs = 10_000): Promise<Mail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const all = (await mail.messages()) as Mail[];
    const mine = all.filter((m) => m.to.some((t) => t.address === address));
    if (mine.length >= count || Date.now() > deadline) {
      for (const m of mine) m.headers = await rawHeaders(mail, m.id);
      return mine;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Mails to `address` whose subject passes `subject`: waits until `min` arrived (or 15 s), then a
 * moment more (`settleMs`), so a duplicate sent just after would be counted too.
 */
export async function mailsAbout(
  mail: MailDev,
  address: string,
  subject: (s: string) => boolean,
  min = 1,
  settleMs = 500,
) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const all = (await mail.messages()) as Mail[];
    const found = all.filter((m) => m.to.some((t) => t.address === address) && subject(m.subject));
    if (found.length >= min || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  await new Promise((r) => setTimeout(r, settleMs));
  return (await mailsTo(mail, address, Number.MAX_SAFE_INTEGER, 0)).filter((m) => subject(m.subject));
}

/** The first link in a mail's HTML whose URL contains `path` (entities decoded). */
export function linkIn(html: string, path: string): string {
  const m = new RegExp(`href="(http[^"]*${path.replace(/[/?.]/g, '\\$&')}[^"]*)"`).exec(html);
  if (!m) throw new Error(`no ${path} link in mail`);
  return m[1].replace(/&amp;/g, '&');
}
