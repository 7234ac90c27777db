import { createFileRoute } from '@tanstack/react-router';
import { PaymentCanceledPage } from '@/features/shop/components/PaymentCanceledPage';
import { PageHead } from '@/features/site/components/PageHead';

/** No data: nothing to load. */
export const Route = createFileRoute('/payment-canceled')({
  component: () => (
    <>
      <PageHead title="Payment canceled" />
      <PaymentCanceledPage />
    </>
  ),
});
