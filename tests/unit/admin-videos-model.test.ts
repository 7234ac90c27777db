import { describe, expect, it } from 'vitest';
import { compendiumFileName, compendiumText } from '@/features/admin/model/compendium';
import { formatDuration, storedDuration, videoStatus } from '@/features/admin/model/duration';

describe('video duration on the admin page', () => {
  it('formats seconds as m:ss, rounding and padding', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(59.6)).toBe('1:00');
    expect(formatDuration(125)).toBe('2:05');
    expect(formatDuration(3600 + 63)).toBe('61:03');
  });

  it('says "Video uploaded" with m:ss, "Unknown" when the duration is 0, "No video" without a file', () => {
    expect(videoStatus({ video: 'a.mp4', duration_seconds: 95 })).toEqual({ kind: 'uploaded', duration: '1:35' });
    expect(videoStatus({ video: 'a.mp4', duration_seconds: 0 })).toEqual({ kind: 'uploaded', duration: 'Unknown' });
    expect(videoStatus({ video: 'a.mp4', duration_seconds: null })).toEqual({ kind: 'uploaded', duration: 'Unknown' });
    expect(videoStatus({ video: '', duration_seconds: 95 })).toEqual({ kind: 'none' });
  });

  it('stores whole seconds, and 0 when the browser could not read the duration', () => {
    expect(storedDuration(61.4)).toBe(61);
    expect(storedDuration(null)).toBe(0);
    expect(storedDuration(Number.NaN)).toBe(0);
    expect(storedDuration(Number.POSITIVE_INFINITY)).toBe(0);
    expect(storedDuration(-3)).toBe(0);
  });
});

describe('the text compendium', () => {
  it('is named after the course: lower case, spaces as hyphens', () => {
    expect(compendiumFileName('The Whispering Game')).toBe('the-whispering-game-text-compendium.txt');
    expect(compendiumFileName('  Color  and Light ')).toBe('color-and-light-text-compendium.txt');
  });

  it('holds every chapter text in course order, with a hint for empty chapters', () => {
    const text = compendiumText('The Whispering Game', [
      { title: 'Second', sort_order: 2, content: 'Text two.' },
      { title: 'First', sort_order: 1, content: '  Text one.\n' },
      { title: 'Third', sort_order: 3, content: '' },
    ]);
    expect(text.startsWith('The Whispering Game\nText compendium\n')).toBe(true);
    expect(text.indexOf('Chapter 01: First')).toBeLessThan(text.indexOf('Chapter 02: Second'));
    expect(text).toContain('Chapter 01: First\n=================\n\nText one.\n');
    expect(text).toContain('Chapter 03: Third');
    expect(text).toContain('(No text content yet.)');
  });
});
