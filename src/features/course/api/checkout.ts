import { pb } from '@/lib/pocketbase/client';

/** Starts the course checkout: the server prices it from the database (docs/api.md). Online only. */
export async function createCourseCheckout(courseSlug: string): Promise<string> {
  const res = await pb.send<{ url?: string }>('/api/atelier/create-payment', {
    method: 'POST',
    body: { courseSlug, currency: 'usd' },
  });
  if (!res?.url) throw new Error('No checkout URL received');
  return res.url;
}
