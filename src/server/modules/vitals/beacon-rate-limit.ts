/**
 * A per-client allowance of beacons, kept in this process's memory: telemetry is worth neither a
 * database round trip per beacon nor a shared counter, and N instances simply allow N times as
 * much. Each client gets `perMinute` beacons, refilled continuously; the table of clients is
 * bounded, so a flood of addresses cannot grow it without end.
 */
export function createBeaconRateLimit(perMinute: number, maxClients = 10_000) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const refillPerMs = perMinute / 60_000;

  return function allow(client: string, now = Date.now()): boolean {
    const bucket = buckets.get(client) ?? { tokens: perMinute, at: now };
    bucket.tokens = Math.min(perMinute, bucket.tokens + (now - bucket.at) * refillPerMs);
    bucket.at = now;
    if (!buckets.has(client)) {
      if (buckets.size >= maxClients) {
        const oldest = buckets.keys().next().value;
        if (oldest !== undefined) buckets.delete(oldest);
      }
      buckets.set(client, bucket);
    }
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  };
}
