// The renderer reads PocketBase from its own loopback address (renderer/pocketbase-source.ts),
// so PocketBase's per-address limits give it a budget of its own.
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { sourceAddress } from '../../renderer/pocketbase-source';

describe('the address the renderer reads PocketBase from', () => {
  it('is 127.0.0.2 for a PocketBase on loopback, or the one configured', () => {
    expect(sourceAddress('http://127.0.0.1:8090', undefined)).toBe('127.0.0.2');
    expect(sourceAddress('http://localhost:8090', undefined)).toBe('127.0.0.2');
    expect(sourceAddress('http://127.0.0.1:8090', '127.0.0.9')).toBe('127.0.0.9');
  });

  it('is none when PocketBase is elsewhere, the setting is off or not a loopback address', () => {
    expect(sourceAddress('https://atelier.example', undefined)).toBe('');
    expect(sourceAddress('http://127.0.0.1:8090', '')).toBe('');
    expect(sourceAddress('http://127.0.0.1:8090', '10.0.0.2')).toBe('');
    expect(sourceAddress(undefined, undefined)).toBe('');
    expect(sourceAddress('not a url', undefined)).toBe('');
  });
});
