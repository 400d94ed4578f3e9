import type { Redis, RedisOptions } from 'ioredis';

/**
 * A Redis client for REDIS_URL, with ioredis loaded only when the installation has Redis: a start
 * without it (the embedded default, every end-to-end file's server) skips about 0.2 CPU-s of loading
 * it (docs/architecture.md "Tests and CI"). The URL is never logged by the callers (it may carry a
 * password).
 *
 * Example: `const redis = await redisClient(config.redisUrl, { maxRetriesPerRequest: 2 });`
 */
export async function redisClient(url: string, options: RedisOptions): Promise<Redis> {
  const { Redis: Client } = await import('ioredis');
  return new Client(url, options);
}
