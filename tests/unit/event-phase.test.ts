import { describe, expect, it } from 'vitest';
import { resolveEnd } from '@/features/drop/model/countdown';
import { eventPhase, exhibitionDates, formatDay, recordDate } from '@/lib/time/event-phase';

const at = (iso: string) => new Date(iso).getTime();

describe('when an event is', () => {
  it('is upcoming before its start, on until its end, ended from its end on', () => {
    const starts = new Date('2025-12-01T09:00:00Z');
    const ends = new Date('2025-12-02T09:00:00Z');
    expect(eventPhase(at('2025-12-01T08:59:59Z'), starts, ends)).toBe('upcoming');
    expect(eventPhase(at('2025-12-01T09:00:00Z'), starts, ends)).toBe('on');
    expect(eventPhase(at('2025-12-02T08:59:59Z'), starts, ends)).toBe('on');
    expect(eventPhase(at('2025-12-02T09:00:00Z'), starts, ends)).toBe('ended');
    // no end: it never ends
    expect(eventPhase(at('2099-01-01T00:00:00Z'), starts, null)).toBe('on');
  });

  it('reads PocketBase dates; empty or broken ones are none', () => {
    expect(recordDate('2025-10-26 16:00:00.000Z')?.toISOString()).toBe('2025-10-26T16:00:00.000Z');
    expect(recordDate('')).toBeNull();
    expect(recordDate('not a date')).toBeNull();
  });

  it('an exhibition closes at closes_at, or a day after its opening when it has none', () => {
    expect(
      exhibitionDates({ opens_at: '2025-09-18 16:00:00.000Z', closes_at: '2025-10-26 16:00:00.000Z' }).closes,
    ).toEqual(new Date('2025-10-26T16:00:00Z'));
    expect(exhibitionDates({ opens_at: '2025-09-18 16:00:00.000Z', closes_at: '' }).closes).toEqual(
      new Date('2025-09-19T16:00:00Z'),
    );
  });

  it('days are Stockholm days', () => {
    expect(formatDay(new Date('2025-10-26T23:30:00Z'))).toBe('27 October 2025');
  });

  it("a drop's end moves with a previewed release, keeping its length; no end stays none", () => {
    const preview = new Date('2030-01-01T10:00:00Z');
    expect(resolveEnd(preview, '2025-12-01 09:00:00.000Z', '2025-12-02 09:00:00.000Z')).toEqual(
      new Date('2030-01-02T10:00:00Z'),
    );
    expect(resolveEnd(preview, '2025-12-01 09:00:00.000Z', '')).toBeNull();
  });
});
