import { createFileRoute } from '@tanstack/react-router';
import { PaymentCanceledPage } from '@/features/shop/components/PaymentCanceledPage';
import { searchParams } from '@/lib/router/search';

const search = searchParams({ session_id: { pattern: /^cs_[A-Za-z0-9_]+$/, max: 255 } });

export const Route = createFileRoute('/payment-canceled')({
  validateSearch: search,
  component: function PaymentCanceledRoute() {
    const { session_id } = Route.useSearch();
    return <PaymentCanceledPage sessionId={session_id} />;
  },
});
