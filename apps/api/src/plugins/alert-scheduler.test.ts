import { describe, expect, it } from 'vitest';
import { coalescedMarks } from './alert-scheduler.ts';

const mark = (id: number) => ({ id, hwmAt: id, nextDueAt: id, sentAt: id });

/** A write that the test finishes by hand, recording what each statement was given. */
function controlledWrite() {
  const statements: number[][] = [];
  const pending: { finish: (lost?: number[]) => void; fail: (err: Error) => void }[] = [];
  const write = (marks: ReturnType<typeof mark>[]) =>
    new Promise<Set<number>>((resolve, reject) => {
      const ids = marks.map((m) => m.id);
      statements.push(ids);
      pending.push({
        finish: (lost = []) => resolve(new Set(ids.filter((id) => !lost.includes(id)))),
        fail: reject,
      });
    });
  return { write, statements, pending };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('sent digests marked together', () => {
  it('marks at once when nothing is being written, and together those that came meanwhile', async () => {
    const w = controlledWrite();
    const markSent = coalescedMarks(w.write);
    const first = markSent(mark(1));
    await tick();
    expect(w.statements).toEqual([[1]]);
    const later = [markSent(mark(2)), markSent(mark(3)), markSent(mark(4))];
    await tick();
    // Nothing more is written while the first statement runs.
    expect(w.statements).toEqual([[1]]);
    w.pending[0]!.finish();
    expect(await first).toBe(true);
    await tick();
    expect(w.statements).toEqual([[1], [2, 3, 4]]);
    // A digest whose lease was lost is answered false; the others true.
    w.pending[1]!.finish([3]);
    expect(await Promise.all(later)).toEqual([true, false, true]);
  });

  it('marks those accepted in the same turn with one statement', async () => {
    const w = controlledWrite();
    const markSent = coalescedMarks(w.write);
    const marks = [markSent(mark(1)), markSent(mark(2)), markSent(mark(3))];
    await tick();
    expect(w.statements).toEqual([[1, 2, 3]]);
    w.pending[0]!.finish([2]);
    expect(await Promise.all(marks)).toEqual([true, false, true]);
    // Nothing waiting, nothing written; the next mark starts a statement of its own.
    const next = markSent(mark(4));
    await tick();
    expect(w.statements).toEqual([[1, 2, 3], [4]]);
    w.pending[1]!.finish();
    expect(await next).toBe(true);
  });

  it('fails only the marks of a statement that failed, and goes on with the next', async () => {
    const w = controlledWrite();
    const markSent = coalescedMarks(w.write);
    const first = markSent(mark(1));
    await tick();
    const second = markSent(mark(2));
    w.pending[0]!.fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await tick();
    expect(w.statements).toEqual([[1], [2]]);
    w.pending[1]!.finish();
    expect(await second).toBe(true);
  });

  it('writes at most a hundred marks to a statement', async () => {
    const w = controlledWrite();
    const markSent = coalescedMarks(w.write);
    const all = Array.from({ length: 151 }, (_, i) => markSent(mark(i)));
    await tick();
    expect(w.statements).toHaveLength(1);
    expect(w.statements[0]).toHaveLength(100);
    w.pending[0]!.finish();
    await tick();
    expect(w.statements[1]).toHaveLength(51);
    w.pending[1]!.finish();
    expect((await Promise.all(all)).every(Boolean)).toBe(true);
    expect(w.statements.flat()).toEqual(Array.from({ length: 151 }, (_, i) => i));
  });
});
