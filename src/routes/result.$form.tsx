import { createFileRoute, notFound } from '@tanstack/react-router';
import { searchParams } from '@/lib/router/search';
import { button } from '@/ui/button/button.css';
import type { ResultForm } from '@/ui/form/notices';
import { describeResult, isResultForm, isResultOutcome } from '@/ui/form/result';
import { PageHead } from '@/ui/page-head/PageHead';
import { ResultPage } from '@/ui/result-page/ResultPage';

// Where a form the browser posted itself lands (the server's 303, pb_hooks/lib/http/form-post.js):
// which form, what happened, which fields to correct, and the page it was on.
const search = searchParams({
  outcome: { pattern: /^[a-z-]{1,20}$/, max: 20 },
  errors: { pattern: /^[A-Za-z]{1,30}\.[a-z_]{1,40}(?:,[A-Za-z]{1,30}\.[a-z_]{1,40})*$/, max: 600 },
  back: { pattern: /^\/[a-z0-9/-]{0,200}(?:\?(?:print|artwork)=[a-z0-9-]{1,120})?$/, max: 340 },
});

const LABEL: Record<ResultForm, string> = {
  footer: 'Newsletter',
  home: 'Newsletter',
  newsletter: 'Newsletter',
  'print-drop': 'Print drop',
  exhibition: 'Exhibition',
  'viewing-room': 'Viewing room',
  contact: 'Contact',
  inquiry: 'Inquiry',
};

export const Route = createFileRoute('/result/$form')({
  validateSearch: search,
  beforeLoad: ({ params }) => {
    if (!isResultForm(params.form)) throw notFound();
  },
  component: FormResultRoute,
});

function FormResultRoute() {
  const form = Route.useParams().form as ResultForm;
  const { outcome, errors, back } = Route.useSearch();
  const result = describeResult(form, isResultOutcome(outcome) ? outcome : 'failed', errors);
  const backTo = back ?? (form === 'contact' ? '/contact' : '/');
  return (
    <>
      <PageHead title={result.title} noindex />
      <ResultPage
        label={LABEL[form]}
        title={result.title}
        message={result.message}
        problems={result.problems}
        note={result.sent ? undefined : "Your browser's Back button returns to the form with what you typed."}
      >
        {/* a plain link: the page may be read before or without the app */}
        <a href={backTo} className={button({ tone: 'solid' })}>
          {result.sent ? 'Continue' : 'Back to the form'}
        </a>
      </ResultPage>
    </>
  );
}
