import { Redis } from 'ioredis';

/** Where Redis failures are reported: once when it goes away, once when it is back. */
export interface RedisLog {
  warn(obj: object, msg: string): void;
  info(msg: string): void;
}

export interface SharedRedis {
  /** Commands (rate limits, sign-in slow-downs, publishing changes). */
  client: Redis;
  /** A second connection that only listens for changes published by other instances. */
  subscriber: Redis;
  /** Every key and channel of this installation starts with this. */
  prefix: string;
  /**
   * Resolves once both connections are up, or after `timeoutMs` if Redis does
   * not answer: an instance joining an installation whose Redis is up starts
   * with it, and one whose Redis is down starts without it.
   */
  ready(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * How long a request may wait for Redis. Commands fail at once while the
 * connection is down (no offline queue) and after this long when Redis stalls,
 * so a missing Redis costs a request a second at most, never a hang.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

/** Reconnects every 0.1–1 s for as long as Redis is away, so it is used again within a second of its return. */
const retryStrategy = (times: number) => Math.min(100 * times, 1000);

/**
 * The connections to REDIS_URL. They are opened in the background: the server
 * starts and serves without Redis, and picks it up once it answers.
 */
export function connectRedis(url: string, prefix: string, log: RedisLog): SharedRedis {
  const client = new Redis(url, {
    keyPrefix: prefix,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    retryStrategy,
  });
  // The listener may queue its SUBSCRIBE until connected; it re-subscribes after every reconnection.
  const subscriber = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: true,
    autoResubscribe: true,
    connectTimeout: 2000,
    retryStrategy,
  });
  for (const [name, conn] of [
    ['commands', client],
    ['listener', subscriber],
  ] as const) {
    let down = false;
    conn.on('error', (err: Error) => {
      if (down) return;
      down = true;
      log.warn({ err: { message: err.message } }, `Redis (${name}) is unavailable; retrying`);
    });
    conn.on('ready', () => {
      if (!down) return;
      down = false;
      log.info(`Redis (${name}) is back`);
    });
    conn.connect().catch(() => undefined);
  }
  return {
    client,
    subscriber,
    prefix,
    async ready(timeoutMs) {
      const up = (conn: Redis) =>
        conn.status === 'ready'
          ? Promise.resolve()
          : new Promise<void>((resolve) => conn.once('ready', resolve));
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        return await Promise.race([Promise.all([up(client), up(subscriber)]).then(() => true), late]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      client.disconnect();
      subscriber.disconnect();
    },
  };
}
