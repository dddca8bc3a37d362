/**
 * The ordered worker pool (src/core/worker-pool.ts, issue 38 item 5), run with a tiny job module
 * (pool-worker.mjs): items are settled in the order taken though their tasks finish out of order, a task
 * that throws or whose worker dies is that task's outcome and the others go on, the window stays within
 * its bounds, bytes are moved rather than copied, a stop signal ends the run, and `close` ends the workers
 * without leaving a task waiting.
 */
import { describe, expect, it } from 'vitest';
import {
  type OrderedJob,
  type OrderedOptions,
  runInOrder,
  type TaskOutcome,
  WorkerPool,
} from '../../../src/core/worker-pool.js';

const MODULE = new URL('./pool-worker.mjs', import.meta.url);

/** A task of the job module: see pool-worker.mjs. */
interface Task {
  readonly n: number;
  readonly ms?: number;
  readonly fail?: boolean;
  readonly crash?: 'throw' | 'exit';
  readonly bytes?: ArrayBuffer;
}
interface Result {
  readonly n: number;
  readonly thread: number;
  readonly finished: number;
  readonly bytes: Uint8Array;
}

/** Runs `tasks` in order and returns each one's number with its outcome, as settled; and the most in flight. */
async function run(
  tasks: Task[],
  opts: Partial<OrderedOptions> & {
    size?: (t: Task) => number;
    here?: (t: Task) => Result;
  } = {},
): Promise<{ settled: [number, TaskOutcome<Result> | null][]; most: number }> {
  const settled: [number, TaskOutcome<Result> | null][] = [];
  let inFlight = 0;
  let most = 0;
  const job: OrderedJob<Task, number, Task, Result> = {
    take(t) {
      most = Math.max(most, ++inFlight);
      return { keep: t.n, work: t, size: opts.size?.(t) ?? 0 };
    },
    send: (t) => ({ message: t, transfer: t.bytes === undefined ? [] : [t.bytes] }),
    here: opts.here ?? (() => expect.unreachable('no worker')),
    settle(n, outcome) {
      inFlight--;
      settled.push([n, outcome]);
    },
  };
  await runInOrder(tasks, job, { module: MODULE, workers: 2, window: 8, windowBytes: 1e9, ...opts });
  return { settled, most };
}

const numbers = (count: number): number[] => Array.from({ length: count }, (_, n) => n);

describe('runInOrder', () => {
  it('settles the items in order though their tasks finish out of order', async () => {
    // the first tasks are the longest: on three workers the later ones finish first
    const { settled } = await run(
      numbers(12).map((n) => ({ n, ms: (12 - n) * 20 })),
      { workers: 3 },
    );
    expect(settled.map(([n]) => n)).toEqual(numbers(12));
    const results = settled.map(([, o]) => (o?.ok === true ? o.value : expect.unreachable()));
    expect(results.map((r) => r.n)).toEqual(numbers(12));
    const finished = results.map((r) => r.finished);
    expect(finished).not.toEqual([...finished].sort((a, b) => a - b));
    expect(new Set(results.map((r) => r.thread)).size).toBe(3);
  });

  it('a task that throws fails alone', async () => {
    const { settled } = await run(numbers(6).map((n) => ({ n, fail: n === 3 })));
    expect(settled.map(([n, o]) => [n, o?.ok])).toEqual(numbers(6).map((n) => [n, n !== 3]));
    expect(settled[3]![1]).toMatchObject({ ok: false, crashed: false, error: { message: 'task 3 failed' } });
  });

  it('a worker that crashes fails its task; the other worker does the rest', async () => {
    const { settled } = await run(
      numbers(8).map((n) => ({ n, ms: 5, ...(n === 2 ? { crash: 'throw' } : {}) })),
    );
    expect(settled.map(([n, o]) => [n, o?.ok])).toEqual(numbers(8).map((n) => [n, n !== 2]));
    expect(settled[2]![1]).toMatchObject({
      ok: false,
      crashed: true,
      error: { message: 'task 2 crashed its worker' },
    });
  });

  it('once no worker is left, every task left fails instead of waiting', async () => {
    const { settled } = await run(
      numbers(5).map((n) => ({ n, ...(n === 1 ? { crash: 'exit' } : {}) })),
      { workers: 1 },
    );
    expect(settled.map(([n, o]) => [n, o?.ok])).toEqual(numbers(5).map((n) => [n, n === 0]));
    for (const [, o] of settled.slice(1))
      expect(o).toMatchObject({ ok: false, crashed: true, error: { message: /exit code 3/ } });
  });

  it('moves the bytes to the worker and back', async () => {
    const bytes = new Uint8Array([1, 2, 3]).buffer;
    const { settled } = await run([{ n: 0, bytes }]);
    // transferred: the main thread's buffer is empty now
    expect(bytes.byteLength).toBe(0);
    const o = settled[0]![1];
    expect(o?.ok === true ? [...o.value.bytes] : o).toEqual([3, 2, 1]);
  });

  it('keeps the window within its count and its bytes', async () => {
    const tasks = numbers(20).map((n) => ({ n, ms: 2 }));
    expect((await run(tasks, { window: 4 })).most).toBe(4);
    // one item always fits; the next while the bytes are under the bound
    expect((await run(tasks, { windowBytes: 10, size: () => 6 })).most).toBe(2);
  });

  it('with no worker, does the work here one item at a time, a throw failing its item', async () => {
    const here = (t: Task): Result => {
      if (t.fail) throw new Error(`task ${t.n} failed here`);
      return { n: t.n, thread: 0, finished: 0, bytes: new Uint8Array() };
    };
    const { settled, most } = await run(
      numbers(4).map((n) => ({ n, fail: n === 1 })),
      { workers: 0, here },
    );
    expect(most).toBe(1);
    expect(settled.map(([n, o]) => [n, o?.ok])).toEqual([
      [0, true],
      [1, false],
      [2, true],
      [3, true],
    ]);
    expect(settled[1]![1]).toMatchObject({ crashed: false, error: { message: 'task 1 failed here' } });
  });

  it('with help, the main thread does queued items while the oldest is with a worker', async () => {
    // one worker: the first item holds it 300 ms, so the main thread takes the items no worker holds
    const helping = (t: Task): Result => {
      if (t.fail) throw new Error(`task ${t.n} failed here`);
      return { n: t.n, thread: 0, finished: 0, bytes: new Uint8Array() };
    };
    const tasks = numbers(8).map((n) => ({ n, ms: n === 0 ? 300 : 5, fail: n === 5 }));
    const { settled } = await run(tasks, { workers: 1, help: true, here: helping });
    expect(settled.map(([n]) => n)).toEqual(numbers(8));
    const threads = settled.map(([, o]) => (o?.ok === true ? o.value.thread : null));
    // the worker holds four items at once (0 to 3); the main thread did the others, newest first
    for (const k of [0, 1, 2, 3]) expect(threads[k]).not.toBe(0);
    expect(threads.slice(4)).toEqual([0, null, 0, 0]);
    expect(settled[5]![1]).toMatchObject({
      ok: false,
      crashed: false,
      error: { message: 'task 5 failed here' },
    });
  });

  it('an item with no work is settled in its place with no outcome', async () => {
    const settled: [number, boolean][] = [];
    await runInOrder(
      numbers(6),
      {
        take: (n) => (n === 4 ? null : { keep: n, work: n % 2 === 0 ? { n, ms: 10 } : null, size: 0 }),
        send: (t) => ({ message: t, transfer: [] }),
        here: () => expect.unreachable(),
        settle: (n, o) => void settled.push([n, o !== null]),
      },
      { module: MODULE, workers: 2, window: 8, windowBytes: 1e9 },
    );
    // 4 was skipped
    expect(settled).toEqual([
      [0, true],
      [1, false],
      [2, true],
      [3, false],
      [5, false],
    ]);
  });

  it('stops between two items once aborted', async () => {
    const stop = new AbortController();
    const settled: number[] = [];
    await runInOrder(
      numbers(30),
      {
        take: (n) => ({ keep: n, work: { n, ms: 1 }, size: 0 }),
        send: (t) => ({ message: t, transfer: [] }),
        here: () => expect.unreachable(),
        settle(n) {
          settled.push(n);
          if (n === 2) stop.abort();
        },
      },
      { module: MODULE, workers: 2, window: 8, windowBytes: 1e9, signal: stop.signal },
    );
    expect(settled).toEqual([0, 1, 2]);
  });
});

describe('WorkerPool', () => {
  it('close ends the workers at once and fails the tasks not answered, then any task given', async () => {
    const pool = new WorkerPool<Result>(MODULE, 2);
    const long = pool.run({ message: { n: 0, ms: 10_000 }, transfer: [] });
    const short = await pool.run({ message: { n: 1 }, transfer: [] });
    expect(short).toMatchObject({ ok: true, value: { n: 1 } });
    const started = Date.now();
    await pool.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    const closed = { ok: false, crashed: false, error: { message: 'the worker pool was closed' } };
    expect(await long).toMatchObject(closed);
    expect(await pool.run({ message: { n: 2 }, transfer: [] })).toMatchObject(closed);
  });
});
