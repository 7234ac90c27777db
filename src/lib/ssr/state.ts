import type { DehydratedState } from '@tanstack/react-query';

/**
 * The server's query state travels in the page as an inert data block,
 * `<script type="application/json" id="__rq_state">`: the browser never runs it, so a strict
 * Content-Security-Policy needs neither 'unsafe-inline' nor a nonce (which a cached page
 * could not carry anyway).
 */
const STATE_ELEMENT_ID = '__rq_state';

/** JSON for the data block; `<` is escaped so no stored text can close the element. */
export function serializeState(state: DehydratedState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c');
}

/**
 * The state a server-rendered page carries, or null for the app shell. Each query keeps the
 * time the server read its data (the render): PocketBase serves a stored page for up to a
 * minute, and a shared cache may add its own seconds, so data older than its query's stale
 * time is fetched again once the page runs. The time is the server's clock read on the device's:
 * a time ahead of the device's clock counts as now (data is never younger than its arrival),
 * and a device running ahead merely refetches sooner.
 */
export function readServerState(doc: Document): DehydratedState | null {
  const text = doc.getElementById(STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  const state = JSON.parse(text) as DehydratedState;
  const now = Date.now();
  for (const query of state.queries) query.state.dataUpdatedAt = Math.min(now, query.state.dataUpdatedAt || 0);
  return state;
}

/** The currency a server-rendered page shows its prices in (the state block's data-currency). */
export function renderedCurrency(doc: Document): string | null {
  return doc.getElementById(STATE_ELEMENT_ID)?.getAttribute('data-currency') ?? null;
}
