/**
 * A worker thread of the commands that parse the library's stored files again (`biases`, `plan`, `scout`,
 * `report` with `--library`): reads and inflates the files the main thread asks for and moves their bytes
 * back (transferred, not copied), so that inflating (a quarter of those commands' work) runs beside the
 * parsing instead of before it (src/library/read.ts, parseStored).
 */
import { serveTasks } from '../core/worker-pool.js';
import { readSourceSized, type SourceLocation } from './sources.js';

/** One stored file to read: as src/library/sources.ts `readSourceSized` takes it. */
export interface InflateRequest {
  readonly libraryPath: string;
  readonly sha256: string;
  readonly at: SourceLocation | null;
  /** Its size in bytes (`files.size`). */
  readonly size: number;
}

serveTasks(
  (req: InflateRequest): Uint8Array | null => readSourceSized(req.libraryPath, req.sha256, req.at, req.size),
  // the array's buffer is its own
  (bytes) => (bytes ? [bytes.buffer as ArrayBuffer] : []),
);
