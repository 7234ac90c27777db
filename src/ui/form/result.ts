// The result page of a form the browser posted itself (no app yet, or no JavaScript): what
// the server's 303 says happened, in words. The URL carries only the form, the outcome and
// field names with error codes (pb_hooks/lib/http/form-post.js), never what was typed.
import { FORM_LIMITS, FORM_RESULT } from '@/lib/contract/contract.gen';
import { FORM_NOTICES, RESULT_FORMS, type ResultForm } from './notices';

/** What the server's 303 reports (pb_hooks/lib/http/form-post.js). */
const RESULT_OUTCOMES = ['sent', 'invalid', 'limited', 'too-large', 'failed'] as const;
export type ResultOutcome = (typeof RESULT_OUTCOMES)[number];

export interface FormResult {
  /** The page's heading: the form's own success or failure title. */
  title: string;
  message: string;
  /** What to correct, one line per field ("Email: Please enter a valid email address."). */
  problems: string[];
  sent: boolean;
}

const LABELS: Record<string, string> = {
  name: 'Name',
  email: 'Email',
  subject: 'Subject',
  message: 'Message',
  phone: 'Phone',
};

const REQUIRED: Record<string, string> = {
  name: 'Please enter your name.',
  email: 'Please enter your email address.',
  message: 'Please enter a message.',
};

/** The words for one field's error code. Fields the visitor never sees mean the page was stale. */
function problem(field: string, code: string): string {
  const label = LABELS[field];
  if (!label) return 'The page was out of date. Please reload it and send the form again.';
  const limit = FORM_LIMITS[field as keyof typeof FORM_LIMITS];
  const text: Record<string, string> = {
    required: REQUIRED[field] ?? 'This field is required.',
    invalid_email: 'Please enter a valid email address.',
    length_too_long: limit ? `Must be at most ${limit} characters.` : 'Too long: please shorten it.',
    html_not_allowed: 'HTML is not allowed; please send plain text.',
    invalid_characters: 'Contains characters that are not allowed.',
    invalid_value: 'Please choose one of the offered values.',
  };
  return `${label}: ${text[code] ?? 'Please check this field.'}`;
}

/** "email.invalid_email,name.required" → the lines to show (unknown parts are skipped). */
export function parseErrors(errors: string | undefined): string[] {
  const out: string[] = [];
  for (const part of (errors ?? '').split(',').slice(0, FORM_RESULT.maxErrors)) {
    const m = /^([A-Za-z]{1,30})\.([a-z_]{1,40})$/.exec(part);
    if (m) out.push(problem(m[1] as string, m[2] as string));
  }
  return [...new Set(out)];
}

export function isResultForm(value: string): value is ResultForm {
  return (RESULT_FORMS as readonly string[]).includes(value);
}

export function isResultOutcome(value: unknown): value is ResultOutcome {
  return typeof value === 'string' && (RESULT_OUTCOMES as readonly string[]).includes(value);
}

/**
 * Where the app's words would not be true of a form the browser sent itself: without the app
 * nothing opens the viewing room on this device; the mailed link does.
 */
const SENT_WITHOUT_APP: Partial<Record<ResultForm, string>> = {
  'viewing-room': "We've emailed you the link that opens the viewing room.",
};

export function describeResult(form: ResultForm, outcome: ResultOutcome, errors?: string): FormResult {
  const notices = FORM_NOTICES[form];
  if (outcome === 'sent') {
    const message = SENT_WITHOUT_APP[form] ?? notices.sent.description ?? '';
    return { title: notices.sent.title, message, problems: [], sent: true };
  }
  const title = notices.failed.title;
  switch (outcome) {
    case 'invalid': {
      const problems = parseErrors(errors);
      return {
        title,
        message: problems.length
          ? 'Nothing was sent. Please correct this and send the form again:'
          : 'Nothing was sent: the form could not be read. Please send it again.',
        problems,
        sent: false,
      };
    }
    case 'limited':
      return {
        title,
        message:
          'Nothing was sent: too many forms came from your connection in a short time. Please try again in a few minutes.',
        problems: [],
        sent: false,
      };
    case 'too-large':
      return {
        title,
        message:
          'Nothing was sent: what you wrote is longer than this form accepts. Please shorten it and send it again.',
        problems: [],
        sent: false,
      };
    default:
      return {
        title,
        message: `Nothing was sent. ${notices.failed.description ?? 'Please try again in a moment.'}`,
        problems: [],
        sent: false,
      };
  }
}
