// @vitest-environment jsdom
// The room pass on the device (features/viewing-room/model/access.ts): kept as the server
// issued it, valid until its expiry by the device's clock, gone when ended, shared by tabs.
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  endRoomPass,
  grantRoomPass,
  hasRoomAccess,
  passFromSignUp,
  readRoomPass,
  useRoomPass,
} from '@/features/viewing-room/model/access';

const DAY = 86_400_000;
const pass = (msFromNow: number) => ({
  token: `${'a'.repeat(15)}.${Math.floor((Date.now() + msFromNow) / 1000)}.${'c'.repeat(64)}`,
  expiresAt: new Date(Date.now() + msFromNow).toISOString(),
});

afterEach(() => localStorage.clear());

describe('the viewing room pass', () => {
  it('opens the room until it expires', () => {
    const p = pass(90 * DAY);
    grantRoomPass(p);
    expect(readRoomPass()).toEqual(p);
    expect(readRoomPass(Date.now() + 89 * DAY)).toEqual(p);
    expect(readRoomPass(Date.now() + 91 * DAY)).toBeNull();
  });

  it('an expired pass, the old "granted" flag or anything unreadable opens nothing', () => {
    grantRoomPass(pass(-1000));
    expect(hasRoomAccess()).toBe(false);
    for (const raw of ['granted', '{"token":"x","expiresAt":"2099-01-01T00:00:00Z"}', '{']) {
      localStorage.setItem('viewing_room_access', raw);
      expect(hasRoomAccess(), raw).toBe(false);
    }
  });

  it('is read from a sign-up answer only when it has the shape the server gives', () => {
    const p = pass(DAY);
    expect(passFromSignUp({ ok: true, room: p })).toEqual(p);
    expect(passFromSignUp({ ok: true })).toBeNull();
    expect(passFromSignUp({ ok: true, room: { token: p.token, expiresAt: 'soon' } })).toBeNull();
    expect(passFromSignUp(null)).toBeNull();
  });

  it('a page follows it: granted, ended, or changed in another tab', () => {
    const { result } = renderHook(() => useRoomPass());
    expect(result.current).toBeNull();
    const p = pass(DAY);
    act(() => grantRoomPass(p));
    expect(result.current).toEqual(p);
    act(() => endRoomPass());
    expect(result.current).toBeNull();
    const other = pass(2 * DAY);
    act(() => {
      localStorage.setItem('viewing_room_access', JSON.stringify(other));
      window.dispatchEvent(new StorageEvent('storage', { key: 'viewing_room_access' }));
    });
    expect(result.current).toEqual(other);
  });
});
