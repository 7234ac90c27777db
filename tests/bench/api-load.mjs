// HTTP load against PocketBase on loopback: bounded duration, fixed connection count.
import autocannon from 'autocannon';

export async function load(url, { connections = 50, duration = 5 } = {}) {
  const r = await autocannon({ url, connections, duration });
  return {
    p50: r.latency.p50,
    p95: r.latency.p97_5 === undefined ? r.latency.p99 : percentile95(r),
    rps: r.requests.average,
    errors: r.errors + r.non2xx,
  };
}

// autocannon reports p90/p97.5/p99 but not p95: interpolate between p90 and p97.5.
function percentile95(r) {
  const { p90, p97_5 } = r.latency;
  return p90 + ((p97_5 - p90) * (95 - 90)) / (97.5 - 90);
}
