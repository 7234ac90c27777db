// A drop's crowd is answered "sold out" by create-payment (pb_hooks/shop.pb.js) on hook VMs that
// mostly serve their first request: every module that answer loads is loaded again on each of
// them, thousands of times in a drop (README, "Print drops"). Loading contract.gen.js there
// (its deep freeze alone costs ~0.4 ms of CPU a VM) doubled the answer's cost; the contract's
// values come from the app store once the process has loaded them. This test loads the path's
// modules the way a hook VM does (one module cache per VM, one app store per process) and
// lists what each VM had to load.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOOKS_DIR, loadHookModule } from '../../support/hook-module';

const CONTRACT = 'lib/contract.gen.js';

/** The modules create-payment keeps on a VM before answering (its `__atelierCheckout` block). */
function hotModules(): string[] {
  const text = readFileSync(resolve(HOOKS_DIR, 'shop.pb.js'), 'utf8');
  const block = /globalThis\.__atelierCheckout = \{([\s\S]*?)\};/.exec(text)?.[1] ?? '';
  return [...block.matchAll(/require\(`\$\{__hooks\}\/(lib\/[^`]+)`\)/g)].map((m) => m[1] as string);
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: Record<string, unknown>,
  ) {
    super(message);
  }
}
class ValidationError {
  constructor(
    readonly code: string,
    readonly message: string,
  ) {}
}

type Exports = Record<string, (...args: unknown[]) => unknown>;

/** One PocketBase process: its app store, shared by every VM. */
function pocketBase() {
  const store = new Map<string, string>();
  const $app = {
    store: () => ({
      get: (k: string) => store.get(k) ?? '',
      set: (k: string, v: string) => store.set(k, v),
      // PocketBase's store.GetOrSet: the value, made and kept by `make` when there is none
      getOrSet: (k: string, make: () => string) => {
        if (!store.has(k)) store.set(k, make());
        return store.get(k);
      },
      setFunc: (k: string, fn: (old: string) => string) => store.set(k, fn(store.get(k) ?? '')),
    }),
  };
  const env: Record<string, string> = { STRIPE_SECRET_KEY: 'sk_test_unit' };
  const $os = { getenv: (k: string) => env[k] ?? '' };
  /** A fresh hook VM loading `entries`: what it loaded, and the modules. */
  const vm = (entries: string[]) => {
    const cache = new Map<string, { exports: Exports }>();
    const loaded: string[] = [];
    const load = (rel: string) => {
      const hit = cache.get(rel);
      if (hit) return hit.exports;
      loaded.push(rel);
      const module = { exports: {} as Exports };
      cache.set(rel, module);
      const source = readFileSync(resolve(HOOKS_DIR, rel), 'utf8');
      const require = (spec: string) => load(spec.slice(HOOKS_DIR.length + 1));
      new Function('module', 'exports', 'require', '__hooks', '$app', '$os', 'ApiError', 'ValidationError', source)(
        module,
        module.exports,
        require,
        HOOKS_DIR,
        $app,
        $os,
        ApiError,
        ValidationError,
      );
      return module.exports;
    };
    const modules = entries.map(load);
    return { loaded: loaded.sort(), modules };
  };
  return { vm, store, env };
}

describe("create-payment's sold-out answer on a hook VM's first request", () => {
  const hot = hotModules();

  it('loads only the input checks, the stock gate and the API headers once the process has the contract', () => {
    expect(hot.sort()).toEqual(['lib/http/api-headers.js', 'lib/shop/checkout-input.js']);
    const pb = pocketBase();
    // the process's first VM reads the contract once and leaves its values in the app store
    expect(pb.vm(hot).loaded).toContain(CONTRACT);
    // every later VM (a drop's crowd) loads nothing else
    for (let i = 0; i < 3; i++) {
      expect(pb.vm(hot).loaded).toEqual([
        'lib/http/api-headers.js',
        'lib/shop/checkout-input.js',
        'lib/shop/stock-gate.js',
      ]);
    }
  });

  it("checks the contract's limits on every VM, the first and the later ones", () => {
    const contract = loadHookModule<{
      ORDER_LIMITS: { lines: number; copiesPerPrint: number };
      FORM_LIMITS: { email: number };
      Enums: { orders: { currency: string[] } };
    }>(CONTRACT);
    const pb = pocketBase();
    for (const round of ['first VM', 'later VM']) {
      const input = pb.vm(['lib/shop/checkout-input.js']).modules[0]!;
      const items = (n: number, quantity = 1) => Array.from({ length: n }, (_, i) => ({ id: `p${i}`, quantity }));
      expect(() => input.parsePrintItems!(items(contract.ORDER_LIMITS.lines)), round).not.toThrow();
      expect(() => input.parsePrintItems!(items(contract.ORDER_LIMITS.lines + 1)), round).toThrow(/At most 20/);
      expect(() => input.parsePrintItems!(items(1, contract.ORDER_LIMITS.copiesPerPrint)), round).not.toThrow();
      expect(() => input.parsePrintItems!(items(1, contract.ORDER_LIMITS.copiesPerPrint + 1)), round).toThrow(
        /At most 2 copies/,
      );
      for (const c of contract.Enums.orders.currency) expect(input.parseCurrency!(c.toUpperCase()), round).toBe(c);
      expect(() => input.parseCurrency!('gbp'), round).toThrow(/Currency must be/);
      const local = 'a'.repeat(contract.FORM_LIMITS.email - '@example.com'.length);
      expect(() => input.checkEmail!(`${local}@example.com`), round).not.toThrow();
      expect(() => input.checkEmail!(`${local}a@example.com`), round).toThrow(/valid email/);
      expect(() => input.checkEmail!('buyer@example'), round).toThrow(/valid email/);
      expect(() => input.checkEmail!('buyer @example.com'), round).toThrow(/valid email/);
    }
  });

  describe('the crowd gate (tickets taken before the checkout loads)', () => {
    type Front = { refusal?: ApiError; claims?: { printId: string; quantity: number }[] } | null;
    const now = Date.now();
    const setup = (entries: Record<string, { left: number; active?: boolean; until?: number }>) => {
      const pb = pocketBase();
      const gate = pb.vm(['lib/shop/stock-gate.js']).modules[0]!;
      // the app store as the gate uses it
      const store = {
        get: (k: string) => pb.store.get(k),
        setFunc: (k: string, fn: (old?: string) => string) => void pb.store.set(k, fn(pb.store.get(k))),
      };
      for (const [id, e] of Object.entries(entries)) {
        const snapshot = {
          left: e.left,
          until: e.until ?? now + 30_000,
          title: `Print ${id}`,
          active: e.active ?? true,
        };
        gate.load!(store, id, snapshot, 0);
      }
      const input = pb.vm(['lib/shop/checkout-input.js']).modules[0]!;
      const front = (items: { id: string; quantity: number }[], customerEmail: unknown = 'buyer@example.com') =>
        input.crowdGate!({ items, currency: 'eur', customerEmail }) as Front;
      const entry = (id: string) => gate.peek!(pb.store, id);
      return { pb, input, front, entry };
    };

    it('gives the edition\'s tickets to the first buyers and answers the rest "sold out" at once', () => {
      const { front, entry } = setup({ a: { left: 2 } });
      expect(front([{ id: 'a', quantity: 1 }])?.claims).toEqual([{ printId: 'a', quantity: 1 }]);
      expect(front([{ id: 'a', quantity: 1 }])?.claims).toEqual([{ printId: 'a', quantity: 1 }]);
      const third = front([{ id: 'a', quantity: 1 }]);
      expect(third?.claims).toBeUndefined();
      expect(third?.refusal?.status).toBe(409);
      expect(third?.refusal?.message).toBe('"Print a" is sold out.');
      expect(entry('a')).toMatchObject({ left: 0, pending: 2 });
    });

    it('takes nothing when one line of the cart cannot be served, and says how many are left', () => {
      const { front, entry } = setup({ a: { left: 3 }, b: { left: 1 } });
      const r = front([
        { id: 'a', quantity: 1 },
        { id: 'b', quantity: 2 },
      ]);
      expect(r?.refusal?.status).toBe(409);
      expect(r?.refusal?.message).toBe('Only 1 left of "Print b".');
      expect(entry('a')).toMatchObject({ left: 3, pending: 0 });
      expect(entry('b')).toMatchObject({ left: 1, pending: 0 });
    });

    it('leaves the decision to the full checkout (and holds nothing) without an email, a fresh entry or a Stripe key', () => {
      const { front, entry, pb } = setup({ a: { left: 2 }, old: { left: 2, until: now - 1 } });
      expect(front([{ id: 'a', quantity: 1 }], '')).toBeNull();
      expect(front([{ id: 'a', quantity: 1 }], null)).toBeNull();
      expect(front([{ id: 'new', quantity: 1 }])).toBeNull();
      // a stale second line: the first line's ticket goes back
      expect(
        front([
          { id: 'a', quantity: 1 },
          { id: 'old', quantity: 1 },
        ]),
      ).toBeNull();
      expect(entry('a')).toMatchObject({ left: 2, pending: 0 });
      // a server started without the key (its VMs read the environment once)
      pb.env.STRIPE_SECRET_KEY = '';
      const keyless = pb.vm(['lib/shop/checkout-input.js']).modules[0]!;
      expect(
        keyless.crowdGate!({ items: [{ id: 'a', quantity: 1 }], currency: 'eur', customerEmail: 'b@example.com' }),
      ).toBeNull();
      expect(entry('a')).toMatchObject({ left: 2, pending: 0 });
    });

    it('answers a crowd the same refusal, made once per VM and message', () => {
      const { front } = setup({ gone: { left: 0 }, one: { left: 1 } });
      const first = front([{ id: 'gone', quantity: 1 }])?.refusal;
      expect(front([{ id: 'gone', quantity: 1 }])?.refusal).toBe(first);
      const other = front([{ id: 'one', quantity: 2 }])?.refusal;
      expect(other?.message).toBe('Only 1 left of "Print one".');
      expect(first?.message).toBe('"Print gone" is sold out.');
    });

    it('gives tickets back when the checkout does not go ahead', () => {
      const { front, entry, input } = setup({ a: { left: 1 } });
      const r = front([{ id: 'a', quantity: 1 }]);
      expect(entry('a')).toMatchObject({ left: 0, pending: 1 });
      input.giveBack!(r?.claims);
      expect(entry('a')).toMatchObject({ left: 1, pending: 0 });
      expect(front([{ id: 'a', quantity: 1 }])?.claims).toHaveLength(1);
    });

    it('answers "sold out" without reading the email, and takes a ticket only for a valid one', () => {
      const { front, entry } = setup({ gone: { left: 0 }, open: { left: 1 } });
      expect(front([{ id: 'gone', quantity: 1 }], 'not an address')?.refusal?.status).toBe(409);
      expect(() => front([{ id: 'open', quantity: 1 }], 'not an address')).toThrow(/valid email/);
      expect(entry('open')).toMatchObject({ left: 1, pending: 0 });
    });

    it('checks print ids as PocketBase makes them (1-32 of a-z, 0-9), with or without the "print-" prefix', () => {
      const { input } = setup({});
      const ok = (id: string) => () => input.parsePrintItems!([{ id, quantity: 1 }]);
      expect(ok('a'.repeat(32))).not.toThrow();
      expect(ok('print-abc123')).not.toThrow();
      for (const bad of ['', 'a'.repeat(33), 'ABC', 'a-b', 'a b', 'ä', 'print-'])
        expect(ok(bad), bad).toThrow(/Unknown print/);
    });

    it("refuses bad input with the checkout's own 400s before taking anything", () => {
      const { input, entry } = setup({ a: { left: 1 } });
      expect(() => input.crowdGate!({ items: [], currency: 'eur', customerEmail: 'b@example.com' })).toThrow(
        /Add some prints/,
      );
      expect(() =>
        input.crowdGate!({ items: [{ id: 'a', quantity: 1 }], currency: 'gbp', customerEmail: 'b@example.com' }),
      ).toThrow(/Currency must be/);
      expect(entry('a')).toMatchObject({ left: 1, pending: 0 });
    });
  });
});
