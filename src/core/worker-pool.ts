/**
 * The worker threads of `bdb stats --jobs N` and `bdb import`: one job module run by N workers, its tasks
 * settled on the main thread strictly in the order they were taken, while the workers work ahead on the
 * next ones. Only a window of items is in flight (bounded in count and bytes), so memory does not grow with
 * the input. A task that throws, or whose worker dies, is that task's outcome; the others go on. With no
 * worker, the main thread does the work itself, one item at a time or ahead while something else runs.
 *
 * The main thread uses {@link runInOrder} (or {@link WorkerPool} alone); a job module calls
 * {@link serveTasks}.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ResourceLimits, Worker } from 'node:worker_threads';

/**
 * node:worker_threads, loaded when a worker is made or serves: a run on the main thread alone (`bdb stats`
 * on one match) needs none of it, and loading it took about 1.5 ms of that run's 0.11 s (30 pairs in turn).
 */
const threads = (): typeof import('node:worker_threads') => process.getBuiltinModule('node:worker_threads');

/** What became of one task: its result, or its error (`crashed` when its worker died under it). */
export type TaskOutcome<R> =
  | { readonly ok: true; readonly value: R }
  | { readonly ok: false; readonly error: Error; readonly crashed: boolean };

/** A task as posted to a worker: its message, and the buffers moved with it (not copied). */
export interface Sent {
  readonly message: unknown;
  readonly transfer: readonly ArrayBuffer[];
}

/** A worker's answer to one task. */
type Reply<R> = { readonly ok: true; readonly value: R } | { readonly ok: false; readonly message: string };

/**
 * Serves the tasks the main thread posts to this worker: `run` does one (a throw fails that task only), and
 * `transfer` names the buffers of its result to move back rather than copy.
 */
export function serveTasks<Q, R>(run: (task: Q) => R, transfer?: (result: R) => ArrayBuffer[]): void {
  const port = threads().parentPort;
  if (port === null) throw new Error('serveTasks runs in a worker thread');
  port.on('message', (task: Q) => {
    try {
      const value = run(task);
      port.postMessage({ ok: true, value } satisfies Reply<R>, transfer?.(value) ?? []);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      port.postMessage({ ok: false, message } satisfies Reply<R>);
    }
  });
}

/** A task waiting for a worker, or held by one. */
interface Pending<R> {
  readonly sent: Sent;
  readonly resolve: (o: TaskOutcome<R>) => void;
  /** The same task done on the main thread, when it may be ({@link WorkerPool.helpOne}). */
  readonly here?: () => TaskOutcome<R>;
}

/**
 * N worker threads running one job module, each holding up to `depth` tasks (posted ahead, so that a worker
 * never waits for the main thread between two of them) and taking the next task when one is done. A worker
 * that dies fails the tasks it held and is not replaced; once none is left, every task fails with the last
 * one's error.
 */
export class WorkerPool<R> {
  /** A worker once for each task it may still take. */
  private readonly idle: Worker[] = [];
  /** The tasks each worker holds, oldest first (a worker answers them in that order). */
  private readonly busy = new Map<Worker, Pending<R>[]>();
  private readonly queue: Pending<R>[] = [];
  private alive: number;
  private lastError = new Error('no worker');
  private closed = false;

  constructor(
    module: URL,
    size: number,
    workerData?: unknown,
    depth = 1,
    /** Each worker's heap limits (default: Node's). */
    resourceLimits?: ResourceLimits,
  ) {
    this.alive = size;
    for (let i = 0; i < size; i++) {
      const w = new (threads().Worker)(module, { workerData, ...(resourceLimits ? { resourceLimits } : {}) });
      w.on('message', (r: Reply<R>) => this.answered(w, r));
      w.on('error', (e) => this.died(w, e));
      w.on('exit', (code) => this.died(w, new Error(`a worker thread stopped (exit code ${code})`)));
      this.busy.set(w, []);
    }
    // each worker's first task before any worker's second
    for (let k = 0; k < depth; k++) this.idle.push(...this.busy.keys());
  }

  /**
   * The outcome of one task, done by the next free worker, or by the main thread through `here` when it
   * calls {@link helpOne} before a worker took it.
   */
  run(sent: Sent, here?: () => TaskOutcome<R>): Promise<TaskOutcome<R>> {
    return new Promise((resolve) => {
      this.queue.push(here === undefined ? { sent, resolve } : { sent, resolve, here });
      this.dispatch();
    });
  }

  /**
   * Does the newest task no worker has taken yet on the calling (main) thread, if it has a `here`: false
   * when there is none. The oldest stay for the workers, which take them next.
   */
  helpOne(): boolean {
    for (let i = this.queue.length - 1; i >= 0; i--) {
      const task = this.queue[i]!;
      if (task.here === undefined) continue;
      this.queue.splice(i, 1);
      task.resolve(task.here());
      return true;
    }
    return false;
  }

  /** Stops every worker; a task not answered yet, or given later, fails. */
  async close(): Promise<void> {
    this.closed = true;
    this.lastError = new Error('the worker pool was closed');
    const workers = [...this.busy.keys()];
    this.failAll(false);
    this.busy.clear();
    this.idle.length = 0;
    await Promise.all(workers.map((w) => w.terminate()));
  }

  private dispatch(): void {
    // closed, or every worker gone (a bug): what is left fails, instead of waiting for ever
    if (this.closed || this.alive === 0) this.failAll(!this.closed);
    while (this.idle.length > 0 && this.queue.length > 0) {
      const task = this.queue.shift()!;
      // the worker holding the fewest tasks: idle lists each worker once per free place
      const w = this.idle.shift()!;
      this.busy.get(w)?.push(task);
      w.postMessage(task.sent.message, task.sent.transfer);
    }
  }

  private answered(w: Worker, r: Reply<R>): void {
    if (this.closed) return;
    const task = this.busy.get(w)?.shift();
    this.idle.push(w);
    this.dispatch();
    task?.resolve(r.ok ? r : { ok: false, error: new Error(r.message), crashed: false });
  }

  /** A worker that dies (out of memory, or exits: a bug) fails the tasks it held; the others go on. */
  private died(w: Worker, e: Error): void {
    const held = this.busy.get(w);
    if (held === undefined) return; // told already ('error' comes before 'exit'), or closed
    this.busy.delete(w);
    for (let i = this.idle.indexOf(w); i >= 0; i = this.idle.indexOf(w)) this.idle.splice(i, 1);
    this.alive--;
    this.lastError = e;
    for (const task of held) task.resolve({ ok: false, error: e, crashed: true });
    this.dispatch();
  }

  /** Fails every task waiting or held, with the last error. */
  private failAll(crashed: boolean): void {
    const held = [...this.busy.values()].flatMap((tasks) => tasks.splice(0));
    for (const task of [...this.queue.splice(0), ...held])
      task.resolve({ ok: false, error: this.lastError, crashed });
  }
}

/** What the main thread keeps of an item until its turn, the work it gives, and the bytes it holds. */
export interface Taken<K, W> {
  readonly keep: K;
  /** Null when the item needs no work: it is settled at its turn with no outcome. */
  readonly work: W | null;
  readonly size: number;
}

/** The job-specific parts of an ordered run. */
export interface OrderedJob<I, K, W, R> {
  /** Takes the next item into the window (called in order, as there is room); null skips it. */
  take(item: I): Taken<K, W> | null;
  /** A work as posted to a worker. */
  send(work: W): Sent;
  /**
   * The same work done on the main thread: when there is no worker, and with {@link OrderedOptions.help} while
   * it waits for a worker's outcome (then it must give what a worker gives).
   */
  here(work: W): R;
  /** Hands an item on with its outcome (null when it had no work), strictly in the order taken. */
  settle(kept: K, outcome: TaskOutcome<R> | null): void | Promise<void>;
}

/** How an ordered run goes. */
export interface OrderedOptions {
  /** The job module (it calls {@link serveTasks}), resolved by its user so that the bundle finds it. */
  readonly module: URL;
  /** Worker threads; 0 does the work on the main thread. */
  readonly workers: number;
  /** Given to each worker as `workerData`. */
  readonly workerData?: unknown;
  /** Items in the window at most, and the bytes they hold at most (one item may always be in). */
  readonly window: number;
  readonly windowBytes: number;
  /**
   * With no worker, whether to take the next items (doing their work here) before the oldest is settled:
   * while something else runs on other threads (the import's commit), which gets a turn of the event loop
   * between two such items. Without it, one item at a time.
   */
  readonly ahead?: () => boolean;
  /** Stops the run between two items once aborted: the items taken and not yet settled are dropped. */
  readonly signal?: AbortSignal | undefined;
  /**
   * With workers, whether the main thread works too: while the oldest item is still with a worker, it does
   * the newest item no worker has taken yet ({@link OrderedJob.here}), and each worker holds
   * {@link HELP_DEPTH} items, so that it does not wait for the main thread between them. Without it, the
   * main thread only hands the items out and settles them.
   */
  readonly help?: boolean;
}

/**
 * Items each worker holds when the main thread helps ({@link OrderedOptions.help}). A worker is handed its
 * next item only when the main thread's event loop turns, which it does not while it parses an item of its
 * own (up to 100 ms for a long match): holding two, a worker reading the 73 reference SGFs (`bdb stats
 * --jobs 2`) was busy 83 % of the time from its first item to its last, and 97 % holding four. Four against
 * two: 0.96× the wall time on those files (16 pairs in turn), 0.97× on 1,000 bench matches (6 pairs); the
 * items a worker holds are not the main thread's to help with, so more would leave it idle at the end.
 */
const HELP_DEPTH = 4;

/** How long items are settled one after another before the event loop gets a turn, in ms. */
const TURN_MS = 20;

/** One item in the window: what was kept, its bytes, and its outcome to come (null: no work). */
interface Slot<K, R> {
  readonly keep: K;
  readonly size: number;
  readonly outcome: Promise<TaskOutcome<R>> | TaskOutcome<R> | null;
}

/** Does the work of every item in `items` on `opts.workers` workers and settles each in order. */
export async function runInOrder<I, K, W, R>(
  items: Iterable<I>,
  job: OrderedJob<I, K, W, R>,
  opts: OrderedOptions,
): Promise<void> {
  const help = opts.help === true;
  const pool =
    opts.workers > 0
      ? new WorkerPool<R>(opts.module, opts.workers, opts.workerData, help ? HELP_DEPTH : 1)
      : null;
  const start = (work: W): Slot<K, R>['outcome'] =>
    pool === null ? doHere(job, work) : pool.run(job.send(work), help ? () => doHere(job, work) : undefined);
  const ahead = (): boolean => pool !== null || opts.ahead?.() === true;
  const stopped = (): boolean => opts.signal?.aborted === true;
  try {
    const next = items[Symbol.iterator]();
    const window: Slot<K, R>[] = [];
    let ended = false;
    let bytes = 0;
    let lastTurn = Date.now();
    const room = (): boolean =>
      !stopped() &&
      !ended &&
      (window.length === 0 || (window.length < opts.window && bytes < opts.windowBytes && ahead()));
    while (!stopped() && (!ended || window.length > 0)) {
      while (room()) {
        const item = next.next();
        if (item.done === true) {
          ended = true;
          break;
        }
        const taken = job.take(item.value);
        if (taken === null) continue;
        window.push({
          keep: taken.keep,
          size: taken.size,
          outcome: taken.work === null ? null : start(taken.work),
        });
        bytes += taken.size;
        // here, let what runs beside go on (and `ahead` change) between two items
        if (pool === null && ahead()) await nextTurn();
      }
      const slot = window.shift();
      if (slot === undefined) continue;
      if (help && pool !== null && slot.outcome instanceof Promise) await helpWhile(pool, slot.outcome);
      await job.settle(slot.keep, slot.outcome === null ? null : await slot.outcome);
      bytes -= slot.size;
      // a turn of the event loop now and then: a signal's handler (Ctrl-C) runs only there
      if (Date.now() - lastTurn >= TURN_MS) {
        await nextTurn();
        lastTurn = Date.now();
      }
    }
  } finally {
    await pool?.close();
  }
}

/**
 * Does the pool's queued tasks on the main thread until `outcome` is in, or none is left, giving the event
 * loop a turn between two (the workers' answers come in there, and each is handed its next task).
 */
async function helpWhile<R>(pool: WorkerPool<R>, outcome: Promise<TaskOutcome<R>>): Promise<void> {
  let done = false;
  void outcome.then(() => {
    done = true;
  });
  await nextTurn();
  while (!done && pool.helpOne()) await nextTurn();
}

/** A work done on the main thread, a throw being its outcome as in a worker. */
function doHere<W, R>(job: OrderedJob<unknown, unknown, W, R>, work: W): TaskOutcome<R> {
  try {
    return { ok: true, value: job.here(work) };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e : new Error(String(e)), crashed: false };
  }
}

/**
 * Files whose bytes may be transferred to a worker: a view on a larger (pooled) buffer is copied, as
 * transferring it would take the whole pool away; a file owning its buffer is sent as it is.
 */
export function ownBuffers<F extends { readonly file: string; readonly bytes: Uint8Array }>(
  files: readonly F[],
): (F | { file: string; bytes: Uint8Array })[] {
  return files.map((f) =>
    f.bytes.byteOffset === 0 && f.bytes.byteLength === f.bytes.buffer.byteLength
      ? f
      : { file: f.file, bytes: f.bytes.slice() },
  );
}

/** The buffers of files made by {@link ownBuffers}, to transfer with them. */
export function buffersOf(files: readonly { readonly bytes: Uint8Array }[]): ArrayBuffer[] {
  return files.map((f) => f.bytes.buffer as ArrayBuffer);
}
