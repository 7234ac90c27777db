// @vitest-environment jsdom
// The download button's messages: a download that fills the device's storage says what to do
// about storage, and nothing about being online (the learner is online; going online again
// would not help).
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DownloadButton } from '@/features/course/components/DownloadButton';
import type { DownloadableChapter } from '@/features/course/api/offline-copies';
import { Collections } from '@/lib/contract/contract.gen';
import { db } from '@/lib/offline/db';
import { memoryCacheStorage } from '../support/memory-caches';

vi.mock('@/lib/pocketbase/client', () => import('../support/file-token-client'));

const chapter: DownloadableChapter = {
  id: 'a',
  collectionId: 'pbc_modules',
  collectionName: 'course_modules',
  course_id: 'course1',
  title: 'Chapter a',
  video: 'a_video.mp4',
};

let full: boolean;

beforeEach(async () => {
  full = false;
  const storage = memoryCacheStorage();
  const open = storage.open;
  storage.open = async (name: string) => {
    const cache = await open(name);
    const put = cache.put.bind(cache);
    cache.put = async (req: RequestInfo, res: Response) => {
      if (full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put(req, res);
    };
    return cache;
  };
  vi.stubGlobal('caches', storage);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const headers = { 'content-type': 'video/mp4', 'content-length': '1000' };
      return new Response(init?.method === 'HEAD' ? null : new Uint8Array(1000), { headers });
    }),
  );
  await db.downloads.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function download() {
  render(<DownloadButton userId="u1" courseId="course1" chapters={[chapter]} scope="chapter" />);
  fireEvent.click(await screen.findByRole('button', { name: 'Download for offline' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Download' }));
  return (await screen.findByRole('alert')).textContent ?? '';
}

describe('the download button', () => {
  it('a full device gets storage advice only', async () => {
    full = true;
    const message = await download();
    expect(message).toMatch(/Not enough free storage on this device/);
    expect(message).toMatch(/Remove other downloads or free some space/);
    expect(message).not.toMatch(/online/i);
  });

  it('a download that fails for another reason says nothing was lost and to try again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'HEAD'
          ? new Response(null, { headers: { 'content-length': '1000' } })
          : new Response('busy', { status: 503 }),
      ),
    );
    const message = await download();
    expect(message).toMatch(/failed \(503\)/);
    expect(message).toMatch(/Nothing was lost/);
  });

  it('a chapter without a video offers no download and says why; a course with its compendium still does', async () => {
    const { unmount } = render(
      <DownloadButton userId="u1" courseId="course1" chapters={[{ ...chapter, video: '' }]} scope="chapter" />,
    );
    expect(await screen.findByText('Nothing to download yet: this chapter has no video.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    render(
      <DownloadButton
        userId="u1"
        courseId="course1"
        chapters={[{ ...chapter, video: '' }]}
        compendium={{
          id: 'c1',
          collectionId: 'pbc_c',
          collectionName: Collections.CourseCompendium,
          course_id: 'course1',
          file: 'c.pdf',
        }}
        scope="course"
      />,
    );
    expect(await screen.findByRole('button', { name: 'Download course for offline' })).toBeTruthy();
  });
});
