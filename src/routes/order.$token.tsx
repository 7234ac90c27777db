import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { ORDER_TOKEN, orderQueryOptions } from '@/features/shop/api/order';
import { OrderPage } from '@/features/shop/components/OrderPage';
import { loadMirrored } from '@/lib/offline/mirrored-query';
import { container } from '@/styles/utils.css';
import { PageHead } from '@/ui/page-head/PageHead';

/** /order/$token: the buyer's private order page (the link in their order mails). */
export const Route = createFileRoute('/order/$token')({
  loader: async ({ context: { queryClient }, params }) => {
    if (!ORDER_TOKEN.test(params.token)) throw notFound();
    await loadMirrored(queryClient, orderQueryOptions(params.token));
  },
  component: function OrderRoute() {
    const { token } = Route.useParams();
    return (
      <>
        <PageHead title="Your order" noindex />
        <OrderPage token={token} />
      </>
    );
  },
  errorComponent: function OrderLinkError() {
    return (
      <div className={container}>
        <PageHead title="Order not found" noindex />
        <h1>Order not found</h1>
        <p>This order link is not valid (or no longer valid). Use the link in your latest order email.</p>
        <Link to="/">Back to the site</Link>
      </div>
    );
  },
});
