import { createFileRoute } from '@tanstack/react-router';
import { PaymentCanceledPage } from '@/features/shop/components/PaymentCanceledPage';
import { searchParams } from '@/lib/router/search';
import { PageHead } from '@/ui/page-head/PageHead';

const search = searchParams({ session_id: { pattern: /^cs_[A-Za-z0-9_]+$/, max: 255 } });

/** No loader: the page closes the checkout's session itself (it must run in the browser). */
export const Route = createFileRoute('/payment-canceled')({
  validateSearch: search,
  component: function PaymentCanceledRoute() {
    const { session_id } = Route.useSearch();
    return (
      <>
        <PageHead title="Payment canceled" />
        <PaymentCanceledPage sessionId={session_id} />
      </>
    );
  },
});
