// The job module of test/unit/core/worker-pool.test.ts: each task says how long to work, and whether to
// fail, to crash its worker (an uncaught throw before it answers) or to end its thread. It runs the
// built pool (dist/, made by `npm run build`, as `npm test`'s pretest does): a worker thread loads no
// TypeScript.
import { parentPort, threadId } from 'node:worker_threads';
import { serveTasks } from '../../../dist/core/worker-pool.js';

// first listener: a crashing task stops here (serveTasks never hears of it) and throws, uncaught, or ends
// the thread
parentPort.addEventListener('message', (event) => {
  const task = event.data;
  if (task.crash !== undefined) event.stopImmediatePropagation();
  if (task.crash === 'throw') throw new Error(`task ${task.n} crashed its worker`);
  if (task.crash === 'exit') process.exit(3);
});

serveTasks(
  (task) => {
    // busy for `ms` milliseconds, holding the thread as parsing does
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, task.ms ?? 0);
    if (task.fail) throw new Error(`task ${task.n} failed`);
    const bytes = new Uint8Array(task.bytes ?? new ArrayBuffer(0)).reverse();
    return { n: task.n, thread: threadId, finished: performance.timeOrigin + performance.now(), bytes };
  },
  (result) => [result.bytes.buffer],
);
