// Cache Storage in memory for jsdom tests (jsdom has none): enough for open, put, match,
// keys, delete and the CacheStorage methods the app and the service worker call.
class MemoryCache {
  entries = new Map<string, { body: Uint8Array; headers: [string, string][] }>();
  private path = (req: RequestInfo | URL) =>
    new URL(typeof req === 'string' ? req : req instanceof URL ? req.href : req.url, 'http://app.test').pathname;
  async put(req: RequestInfo, res: Response) {
    this.entries.set(this.path(req), {
      body: new Uint8Array(await res.arrayBuffer()),
      headers: [...res.headers.entries()],
    });
  }
  async match(req: RequestInfo) {
    const e = this.entries.get(this.path(req));
    return e ? new Response(e.body as unknown as BodyInit, { headers: e.headers }) : undefined;
  }
  async keys() {
    return [...this.entries.keys()].map((k) => new Request(`http://app.test${k}`));
  }
  async delete(req: RequestInfo) {
    return this.entries.delete(this.path(req));
  }
}

export function memoryCacheStorage() {
  const stores = new Map<string, MemoryCache>();
  return {
    stores,
    open: async (name: string) => {
      if (!stores.has(name)) stores.set(name, new MemoryCache());
      return stores.get(name)!;
    },
    has: async (name: string) => stores.has(name),
    delete: async (name: string) => stores.delete(name),
    keys: async () => [...stores.keys()],
    match: async (req: RequestInfo) => {
      for (const cache of stores.values()) {
        const hit = await cache.match(req);
        if (hit) return hit;
      }
      return undefined;
    },
  };
}
