import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import type { SharedRedis } from './redis.ts';

/**
 * Tells every API instance that something they may have cached has changed
 * (a job closed, paused, approved…), so that each drops its cached answers.
 * With Redis the news goes out on a pub/sub channel that every instance
 * listens to; in a cluster without Redis it goes through the cluster's own
 * messages to the other workers; alone, it stays in the process.
 */
export interface ChangeBus {
  /** Runs this instance's handlers for the topic now and tells the other instances. */
  publish(topic: string): void;
  on(topic: string, handler: () => void): void;
  /**
   * False while news from other instances may be missed (Redis is away):
   * caches that must not go stale should not be trusted meanwhile.
   */
  connected(): boolean;
  close(): Promise<void>;
}

interface Message {
  topic: string;
  from: string;
}

class Handlers {
  private readonly byTopic = new Map<string, (() => void)[]>();
  on(topic: string, handler: () => void) {
    const list = this.byTopic.get(topic) ?? [];
    list.push(handler);
    this.byTopic.set(topic, list);
  }
  run(topic: string) {
    for (const h of this.byTopic.get(topic) ?? []) h();
  }
  runAll() {
    for (const topic of this.byTopic.keys()) this.run(topic);
  }
}

/** Message a cluster worker sends its primary, which hands it to the other workers. */
export const CLUSTER_CHANGE = 'spajobs:change';

export function createChangeBus(opts: {
  redis?: SharedRedis | null;
  onError?: (err: unknown) => void;
}): ChangeBus {
  const handlers = new Handlers();
  const self = randomUUID();
  const { redis } = opts;

  if (redis) {
    const channel = `${redis.prefix}changes`;
    let missed = false;
    const listener = (ch: string, raw: string) => {
      if (ch !== channel) return;
      try {
        const m = JSON.parse(raw) as Message;
        if (m.from !== self) handlers.run(m.topic);
      } catch {
        // Not one of ours.
      }
    };
    redis.subscriber.on('message', listener);
    redis.subscriber.on('close', () => (missed = true));
    // News published while the connection was down never arrives: treat everything as changed.
    redis.subscriber.on('ready', () => {
      if (missed) handlers.runAll();
      missed = false;
    });
    redis.subscriber.subscribe(channel).catch((err: unknown) => opts.onError?.(err));
    return {
      publish(topic) {
        handlers.run(topic);
        const message: Message = { topic, from: self };
        redis.client.publish(channel, JSON.stringify(message)).catch((err: unknown) => opts.onError?.(err));
      },
      on: (topic, handler) => handlers.on(topic, handler),
      connected: () => redis.subscriber.status === 'ready',
      async close() {
        redis.subscriber.off('message', listener);
      },
    };
  }

  if (cluster.isWorker && process.send) {
    const listener = (m: unknown) => {
      const msg = m as { type?: string; topic?: string; from?: string };
      if (msg?.type === CLUSTER_CHANGE && msg.from !== self && typeof msg.topic === 'string')
        handlers.run(msg.topic);
    };
    process.on('message', listener);
    return {
      publish(topic) {
        handlers.run(topic);
        process.send?.({ type: CLUSTER_CHANGE, topic, from: self });
      },
      on: (topic, handler) => handlers.on(topic, handler),
      connected: () => true,
      async close() {
        process.off('message', listener);
      },
    };
  }

  return {
    publish: (topic) => handlers.run(topic),
    on: (topic, handler) => handlers.on(topic, handler),
    connected: () => true,
    async close() {},
  };
}
