export interface StandinSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  url: string;
  success_url: string | null;
  cancel_url: string | null;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  currency: string | null;
  amount_total: number;
  expires_at: number;
  // biome-ignore lint/suspicious/noExplicitAny: echo of Stripe's request parameters
  line_items_requested: any[];
  [key: string]: unknown;
}
export interface StandinCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  payment_intent: string;
  refunds: { data: { id: string; amount: number }[] };
  [key: string]: unknown;
}
export interface Delivery {
  event: { id: string; type: string; data: { object: StandinSession } };
  payload: string;
  header: string;
  status: number;
  body: string;
}
export interface StripeStandin {
  url: string;
  apiKey: string;
  webhookSecret: string;
  readonly env: { STRIPE_SECRET_KEY: string; STRIPE_WEBHOOK_SECRET: string; STRIPE_API_BASE: string };
  sessions: Map<string, StandinSession>;
  requests: {
    method: string;
    path: string;
    // biome-ignore lint/suspicious/noExplicitAny: parsed form parameters
    params: any;
    raw: string;
    headers: Record<string, string | string[] | undefined>;
  }[];
  deliveries: Delivery[];
  refunds: {
    id: string;
    payment_intent: string;
    amount: number;
    currency: string;
    status: string;
    metadata: Record<string, string>;
  }[];
  failNext(...errors: { status: number; message: string }[]): void;
  /** The next API requests' connections are cut with no answer (before they are handled, or after). */
  cutNext(...cuts: { after?: boolean }[]): void;
  /** How many client connections are open now (none stays open after its answer). */
  openConnections(): Promise<number>;
  /** Drops the forced answers and cuts no request has used; returns how many there were. */
  clearFailures(): number;
  idle(): Promise<void>;
  tamper(id: string, fields: Partial<StandinSession>): StandinSession;
  completeUnpaid(id: string, opts?: { customerEmail?: string }): Promise<Delivery | { session: StandinSession }>;
  asyncPayment(id: string, opts?: { succeeded?: boolean }): Promise<Delivery>;
  setWebhookUrl(url: string): void;
  session(id: string): StandinSession | undefined;
  pay(
    id: string,
    opts?: { deliver?: boolean; paid?: boolean; customerEmail?: string },
  ): Promise<Delivery | { session: StandinSession }>;
  expire(id: string, opts?: { deliver?: boolean }): Promise<Delivery | { session: StandinSession }>;
  deliver(type: string, session: string | StandinSession): Promise<Delivery>;
  charges: Map<string, StandinCharge>;
  charge(sessionOrIntent: string): StandinCharge | undefined;
  refund(
    sessionId: string,
    opts?: { amount?: number; deliver?: boolean },
  ): Promise<{ refund: { id: string; amount: number }; charge: StandinCharge; event: Delivery | null }>;
  dispute(
    sessionId: string,
    opts?: { reason?: string; deliver?: boolean },
  ): Promise<{ dispute: Record<string, unknown> & { id: string }; event: Delivery | null }>;
  closeDispute(
    dispute: Record<string, unknown> & { id: string },
    status: 'won' | 'lost' | 'warning_closed' | 'prevented',
    opts?: { deliver?: boolean },
  ): Promise<{ dispute: Record<string, unknown> & { id: string; status: string }; event: Delivery | null }>;
  deliverObject(type: string, object: unknown, eventId?: string): Promise<Delivery>;
  stop(): Promise<void>;
}
export function startStripeStandin(opts?: {
  webhookUrl?: string;
  webhookSecret?: string;
  port?: number;
  host?: string;
  stripeMock?: boolean;
}): Promise<StripeStandin>;
