import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { connectRedis } from './redis.ts';

const quiet = { warn: () => undefined, info: () => undefined };

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

describe('Redis at start-up', () => {
  it('is ready before the server listens when Redis answers, so the first sign-in finds it', async () => {
    const redis = connectRedis('redis://127.0.0.1:6379', `start-${process.pid}:`, quiet);
    try {
      expect(await redis.ready(5000)).toBe(true);
      expect(redis.client.status).toBe('ready');
      expect(await redis.client.ping()).toBe('PONG');
    } finally {
      await redis.close();
    }
  });

  it('gives up after its wait when Redis is away, and the server starts without it', async () => {
    const redis = connectRedis(`redis://127.0.0.1:${await closedPort()}`, 'away:', quiet);
    try {
      expect(await redis.ready(300)).toBe(false);
      expect(redis.client.status).not.toBe('ready');
    } finally {
      await redis.close();
    }
  });
});
