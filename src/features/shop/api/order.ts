// The buyer's private order page (/order/$token, the link in the order mails): the order as
// GET /api/atelier/order/{token} shows it, mirrored on the device under its token so the page
// opens offline once it has been opened (it is the buyer's record). No account is involved: the
// token is the key, and the server refuses a wrong one.
import { valueMirror } from '@/lib/offline/mirror';
import { mirroredQueryOptions } from '@/lib/offline/mirrored-query';
import { pb } from '@/lib/pocketbase/client';

interface OrderCertificate {
  code: string;
  title: string;
  edition_number: number;
  edition_size: number;
  status: 'valid' | 'void';
  ready: boolean;
  /** Same-site path of the PDF (under the order's token). */
  url: string;
  verify_url: string;
}

export interface BuyerOrder {
  reference: string;
  kind: 'print' | 'course';
  status: string;
  created: string | null;
  paid_at: string | null;
  shipped_at: string | null;
  delivered_at: string | null;
  refunded_at: string | null;
  currency: string;
  amount_total: number;
  amount_refunded: number;
  email: string;
  shipping_address: string[];
  carrier: string;
  tracking_number: string;
  tracking_url: string;
  items: {
    type: string;
    title: string;
    slug: string;
    quantity: number;
    unit_amount: number;
    edition_numbers: number[];
  }[];
  certificates: OrderCertificate[];
  /**
   * A dispute the buyer's bank decided for them (the server's words, as in their mail): `full`
   * when the whole payment went back. Absent in a copy saved before the server sent it.
   */
  bank_reversal?: { full: boolean; at: string | null; lines: string[] } | null;
}

/** The link's token: order id, dash, 32 hex digits of signature. */
export const ORDER_TOKEN = /^[a-z0-9]{15}-[0-9a-f]{32}$/;

export const orderQueryOptions = (token: string) =>
  mirroredQueryOptions({
    queryKey: ['order', token] as const,
    remote: () =>
      pb.send<BuyerOrder>(`/api/atelier/order/${encodeURIComponent(token)}`, { method: 'GET', requestKey: null }),
    mirror: valueMirror<BuyerOrder>(`order:${token}`),
  });
