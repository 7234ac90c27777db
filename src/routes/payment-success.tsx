import { createFileRoute } from '@tanstack/react-router';
import { searchParams } from '@/lib/router/search';
import { PaymentSuccessPage } from '@/features/shop/components/PaymentSuccessPage';

const search = searchParams({ session_id: { pattern: /^cs_[A-Za-z0-9_]+$/, max: 255 } });

export const Route = createFileRoute('/payment-success')({
  validateSearch: search,
  component: function PaymentSuccessRoute() {
    const { session_id } = Route.useSearch();
    return <PaymentSuccessPage sessionId={session_id} />;
  },
});
