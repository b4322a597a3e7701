import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

const fixtures = fileURLToPath(new URL('../../test/fixtures/thread-module/', import.meta.url));

/** Runs the fixture's thread, which builds `entry` and imports it without the TypeScript loader. */
async function inThread(entry: string) {
  const worker = new Worker(path.join(fixtures, 'thread.mjs'), { workerData: { entry }, execArgv: [] });
  const [message] = (await once(worker, 'message')) as [
    { ok: true; exports: Record<string, unknown> } | { ok: false; message: string },
  ];
  await worker.terminate();
  return message;
}

describe('a thread built from TypeScript sources', () => {
  it('runs its own sources, packages and the contract, each source keeping its own address', async () => {
    const entry = path.join(fixtures, 'entry.ts');
    const result = await inThread(entry);
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    expect(result.exports).toEqual({
      ownUrl: pathToFileURL(entry).href,
      helperUrl: pathToFileURL(path.join(fixtures, 'helper.ts')).href,
      helperOwnUrl: pathToFileURL(path.join(fixtures, 'helper.ts')).href,
      beside: 'found beside the source',
      doubled: 42,
      kyselyWorks: true,
      contractWorks: true,
    });
  });

  it('fails with the builder’s message for a source that does not compile', async () => {
    const result = await inThread(path.join(fixtures, 'no-such-entry.ts'));
    expect(result).toMatchObject({ ok: false });
    if (result.ok) return;
    expect(result.message).toMatch(/no-such-entry\.ts/);
  });
});
