/**
 * Waiting without returning to the event loop, for the synchronous reads and writes of the standard
 * streams: a pipe another process made non-blocking answers EAGAIN until its other end catches up.
 */

let cell: Int32Array | null = null;

/** Waits `ms` milliseconds (Atomics.wait: allowed on Node's main thread). */
export function pause(ms: number): void {
  cell ??= new Int32Array(new SharedArrayBuffer(4));
  Atomics.wait(cell, 0, 0, ms);
}
