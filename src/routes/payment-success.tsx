import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PaymentSuccessPage } from '@/features/shop/components/PaymentSuccessPage';

const search = z.object({ session_id: z.string().max(255).regex(/^cs_[A-Za-z0-9_]+$/).optional().catch(undefined) });

export const Route = createFileRoute('/payment-success')({
  validateSearch: search,
  component: function PaymentSuccessRoute() {
    const { session_id } = Route.useSearch();
    return <PaymentSuccessPage sessionId={session_id} />;
  },
});
