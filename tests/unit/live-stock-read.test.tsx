// @vitest-environment jsdom
// The live count's full read racing a realtime message (src/lib/stock/live-stock.ts): a read that
// was answered before a copy was taken must not replace the message that says it was taken, or
// the page shows a copy that is gone (and Add to Cart) until the next change.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useLiveStock } from '@/lib/stock/live-stock';

type Row = { id: string; available: number; version: number };
type Message = { action: string; record: Row };

const server = vi.hoisted(() => ({
  reads: [] as ((rows: Row[]) => void)[],
  onMessage: null as ((e: Message) => void) | null,
  onConnect: null as (() => void) | null,
}));

vi.mock('@/lib/pocketbase/client', () => ({
  pb: {
    collection: () => ({
      getFullList: () => new Promise<Row[]>((resolve) => server.reads.push(resolve)),
      subscribe: async (_topic: string, cb: (e: Message) => void) => {
        server.onMessage = cb;
        return async () => {};
      },
    }),
    realtime: {
      subscribe: async (_topic: string, cb: () => void) => {
        server.onConnect = cb;
        return async () => {};
      },
    },
  },
}));

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('the live count read while a message arrives', () => {
  it('a read answered with the count from before the message keeps the message', async () => {
    const { result } = renderHook(() => useLiveStock(), { wrapper });
    await waitFor(() => expect(server.reads).toHaveLength(1));
    await waitFor(() => expect(server.onMessage).not.toBeNull());
    // the last copy is taken while the read is on its way: the message comes first...
    act(() => server.onMessage?.({ action: 'update', record: { id: 'p', available: 0, version: 8 } }));
    await waitFor(() => expect(result.current?.p).toEqual({ available: 0, version: 8 }));
    // ...then the read, made before the change, says one is left
    await act(async () => server.reads[0]?.([{ id: 'p', available: 1, version: 7 }]));
    await waitFor(() => expect(server.reads).toHaveLength(1));
    expect(result.current?.p).toEqual({ available: 0, version: 8 });
    // a read after a reconnect that is newer is taken
    act(() => server.onConnect?.());
    await waitFor(() => expect(server.reads).toHaveLength(2));
    await act(async () => server.reads[1]?.([{ id: 'p', available: 1, version: 9 }]));
    await waitFor(() => expect(result.current?.p).toEqual({ available: 1, version: 9 }));
  });
});
