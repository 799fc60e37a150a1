import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  total: number;
  /** Non-2xx responses, connection errors and timeouts. */
  failed: number;
}

/** Latency at quantile q (0..1) of ascending `sorted`, nearest rank. */
function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

/**
 * GETs `url` from `connections` concurrent clients for `seconds` (autocannon) and returns req/s and the
 * p50/p95/p99 latency in ms, computed from every 2xx response time (autocannon's own summary has no p95).
 */
export async function measureLoad(
  name: string,
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections: options.connections, duration: options.seconds, headers: options.headers },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, statusCode: number, _bytes: number, responseTime: number) => {
      if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
    });
  });
  times.sort((a, b) => a - b);
  return {
    name,
    rps: times.length / options.seconds,
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    p99: quantile(times, 0.99),
    total: times.length,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}
