import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** Fixed-duration load at a given concurrency; every run is bounded in time and stops by itself. */
export async function load(opts: autocannon.Options): Promise<LoadResult> {
  const r = await autocannon({ duration: 10, connections: 50, ...opts });
  return {
    requestsPerSecond: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}
