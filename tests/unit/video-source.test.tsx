// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useChapterVideoSource } from '@/features/course/api/video-source';

const jwt = (exp: number) => `h.${btoa(JSON.stringify({ exp }))}.s`;
let tokens = 0;
const getToken = vi.fn(async () => {
  tokens += 1;
  return jwt(Math.floor(Date.now() / 1000) + 180);
});
let copy: string | null = null;

vi.mock('@/lib/pocketbase/client', () => ({
  pb: {
    files: {
      getToken: () => getToken(),
      getURL: (r: { id: string }, name: string, q: { token: string }) =>
        `/api/files/m/${r.id}/${name}?token=${q.token}&n=${tokens}`,
    },
  },
}));
// the learner's session is live in these tests
vi.mock('@/lib/pocketbase/session', () => ({
  sessionLive: () => true,
  requireLiveSession: () => {},
  SessionExpiredError: class SessionExpiredError extends Error {},
}));
vi.mock('@/features/course/api/offline-copies', () => ({ offlineVideoUrl: async () => copy }));

const chapter = { id: 'a', collectionId: 'm', collectionName: 'course_modules', video: 'a.webm' };

afterEach(() => {
  vi.useRealTimers();
  copy = null;
});

describe('the chapter video source', () => {
  it('a streamed source is renewed shortly before its file token expires', async () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useChapterVideoSource('u1', chapter));
    await act(() => vi.advanceTimersByTimeAsync(0));
    const first = result.current.source?.src;
    expect(first).toMatch(/token=/);
    // 180 s token, renewed 30 s before it expires
    await act(() => vi.advanceTimersByTimeAsync(149_000));
    expect(result.current.source?.src).toBe(first);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(result.current.source?.src).not.toBe(first);
    expect(result.current.source?.offline).toBe(false);
  });

  it('the downloaded copy is used and needs no renewal', async () => {
    vi.useFakeTimers();
    copy = '/offline-media/m/a/a.webm';
    getToken.mockClear();
    const { result } = renderHook(() => useChapterVideoSource('u1', chapter));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.source).toEqual({ src: copy, offline: true });
    await act(() => vi.advanceTimersByTimeAsync(600_000));
    expect(getToken).not.toHaveBeenCalled();
  });

  it('nothing reachable: failed, retried every 15 s', async () => {
    vi.useFakeTimers();
    getToken.mockClear();
    getToken.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { result } = renderHook(() => useChapterVideoSource('u1', chapter));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.failed).toBe(true);
    expect(result.current.source).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(result.current.failed).toBe(false);
    expect(result.current.source?.src).toMatch(/token=/);
  });
});
