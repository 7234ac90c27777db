import { createFileRoute } from '@tanstack/react-router';
import { PaymentCanceledPage } from '@/features/shop/components/PaymentCanceledPage';

export const Route = createFileRoute('/payment-canceled')({
  component: PaymentCanceledPage,
});
