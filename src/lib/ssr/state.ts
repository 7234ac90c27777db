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
 * The state a server-rendered page carries, or null for the app shell. Data counts as fetched
 * on arrival: the page may have been cached for a few seconds, and the device's clock may
 * disagree with the server's, so its own clock starts the freshness window.
 */
export function readServerState(doc: Document): DehydratedState | null {
  const text = doc.getElementById(STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  const state = JSON.parse(text) as DehydratedState;
  const now = Date.now();
  for (const query of state.queries) query.state.dataUpdatedAt = now;
  return state;
}
