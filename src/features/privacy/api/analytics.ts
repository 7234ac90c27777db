// The analytics script (ANALYTICS_SCRIPT_URL on the server): whether one is configured, the
// record of each consent answer, and loading the script — which only the consent banner's
// "Accept" (now or remembered) ever does.
import { queryOptions } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase/client';
import type { StoredConsent } from '../model/consent';

export const analyticsConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['analytics-config'] as const,
    queryFn: () => pb.send<{ scriptUrl: string | null }>('/api/atelier/analytics-config', { method: 'GET' }),
    staleTime: 10 * 60_000,
    retry: false,
  });

/** Records an answer on the server (time, choice, text version). */
export async function recordConsent(value: StoredConsent): Promise<void> {
  await pb.send('/api/atelier/analytics-consent', {
    method: 'POST',
    body: { choice: value.choice, version: value.version, visitor: value.visitor },
  });
}

const SCRIPT_ID = 'atelier-analytics';

/** Adds the script once. Call only with the visitor's consent. */
export function loadAnalyticsScript(url: string): void {
  if (document.getElementById(SCRIPT_ID)) return;
  const script = document.createElement('script');
  script.id = SCRIPT_ID;
  script.src = url;
  script.async = true;
  document.head.append(script);
}

export function analyticsScriptLoaded(): boolean {
  return !!document.getElementById(SCRIPT_ID);
}
