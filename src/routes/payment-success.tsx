import { createFileRoute } from '@tanstack/react-router';
import { verifyPaymentQueryOptions } from '@/features/shop/api/verify-payment';
import { PaymentSuccessPage } from '@/features/shop/components/PaymentSuccessPage';
import { searchParams } from '@/lib/router/search';

const search = searchParams({ session_id: { pattern: /^cs_[A-Za-z0-9_]+$/, max: 255 } });

export const Route = createFileRoute('/payment-success')({
  validateSearch: search,
  loaderDeps: ({ search }) => ({ sessionId: search.session_id }),
  // "Verifying your payment..." shows while it runs: the page never waits for it.
  loader: ({ context: { queryClient }, deps: { sessionId } }) => {
    if (sessionId) void queryClient.prefetchQuery(verifyPaymentQueryOptions(sessionId));
  },
  component: function PaymentSuccessRoute() {
    const { session_id } = Route.useSearch();
    return <PaymentSuccessPage sessionId={session_id} />;
  },
});
