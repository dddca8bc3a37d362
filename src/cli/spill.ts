/**
 * Rows kept in a temporary file (the CLI's {@link RowStores} for `biases` and `plan`): each store gathers its
 * rows as JSON lines and, once the run's stores hold more than a budget of text, every store's lines go to
 * the one file as a segment; reading a store reads its segments back in order. Memory then holds the
 * budget and two numbers a segment, whatever the number of matches; an indexed store (one whose rows are
 * also read by their place, `plan`'s errors) one number more a row written, where it begins in the file.
 *
 * The file is created only when the budget is first exceeded, in the system's temporary folder, and
 * removed at once where the system allows it (it lives until closed), else when the run ends. JSON keeps
 * every number's exact value, except that −0 comes back as 0 (no figure or output tells them apart); a row's
 * undefined fields are left out, as JSON.stringify leaves them out.
 */
import { closeSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IndexedRowStore, RowStores } from '../report/row-store.js';

/**
 * Characters of JSON text the stores of a run hold before they are written out (BDB_SPILL_CHARS for tests).
 * Writing them out briefly takes about three times the budget (the lines, their joined text, its bytes):
 * at 2 Mi characters, `biases --json` and `plan --json` over 1,000 matches peak at 153 and 155 MB, against
 * 171 MB each at 8 Mi, in the same time (1 Mi saves nothing more).
 */
const DEFAULT_BUDGET = 2 * 1024 * 1024;

/** One run's temporary file and its stores. */
export class SpillFile {
  private readonly budget: number;
  private readonly stores: SpilledRows<unknown>[] = [];
  private held = 0;
  private fd: number | null = null;
  private path: string | null = null;
  private end = 0;

  constructor(budget: number = Number(process.env.BDB_SPILL_CHARS) || DEFAULT_BUDGET) {
    this.budget = budget;
  }

  /** The stores of this file, for a collector. */
  readonly rows: RowStores = (<T>(opts?: { readonly indexed: true }): IndexedRowStore<T> => {
    const s = new SpilledRows<T>(this, opts?.indexed === true);
    this.stores.push(s as SpilledRows<unknown>);
    return s;
  }) as RowStores;

  /** A store took `chars` more characters: past the budget, every store writes its lines out. */
  took(chars: number): void {
    this.held += chars;
    if (this.held <= this.budget) return;
    for (const s of this.stores) s.flush();
    this.held = 0;
  }

  /** Appends text to the file; returns where it is. */
  append(text: string): [offset: number, bytes: number] {
    if (this.fd === null) {
      this.path = join(tmpdir(), `bdb-rows-${process.pid}-${Date.now().toString(36)}.jsonl`);
      this.fd = openSync(this.path, 'wx+', 0o600);
      try {
        unlinkSync(this.path);
        this.path = null;
      } catch {
        // kept until close()
      }
    }
    const bytes = Buffer.from(text, 'utf8');
    const at = this.end;
    let done = 0;
    while (done < bytes.length) done += writeSync(this.fd, bytes, done, bytes.length - done, at + done);
    this.end += bytes.length;
    return [at, bytes.length];
  }

  /** The text of a segment. */
  read(offset: number, bytes: number): string {
    const buf = Buffer.allocUnsafe(bytes);
    let done = 0;
    while (done < bytes) {
      const n = readSync(this.fd!, buf, done, bytes - done, offset + done);
      if (n === 0) throw new Error('temporary rows file: shorter than written');
      done += n;
    }
    return buf.toString('utf8');
  }

  /** Closes (and removes) the file. */
  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    if (this.path !== null) {
      try {
        unlinkSync(this.path);
      } catch {
        // already gone
      }
      this.path = null;
    }
  }
}

class SpilledRows<T> implements IndexedRowStore<T> {
  private readonly file: SpillFile;
  /** The lines not yet written out. */
  private lines: string[] = [];
  /** [offset, bytes] of each segment written, flat. */
  private readonly segments: number[] = [];
  /** Rows written out (the lines before `lines`). */
  private written = 0;
  /** Indexed store only: the first row of each segment, and where each row written begins in the file. */
  private readonly firstRows: number[] = [];
  private readonly starts: number[] | null;
  length = 0;

  constructor(file: SpillFile, indexed: boolean) {
    this.file = file;
    this.starts = indexed ? [] : null;
  }

  push(row: T): void {
    const line = JSON.stringify(row);
    this.lines.push(line);
    this.length++;
    this.file.took(line.length);
  }

  flush(): void {
    if (this.lines.length === 0) return;
    const [at, bytes] = this.file.append(`${this.lines.join('\n')}\n`);
    this.segments.push(at, bytes);
    if (this.starts !== null) {
      this.firstRows.push(this.written);
      let pos = at;
      for (const line of this.lines) {
        this.starts.push(pos);
        pos += Buffer.byteLength(line, 'utf8') + 1;
      }
    }
    this.written += this.lines.length;
    this.lines = [];
  }

  /** The row at `index` (negative from the end); a row written out only in an indexed store. */
  at(index: number): T | undefined {
    const k = index < 0 ? index + this.length : index;
    if (k < 0 || k >= this.length) return undefined;
    if (k >= this.written) return JSON.parse(this.lines[k - this.written]!) as T;
    if (this.starts === null) throw new Error('temporary rows file: a store read by place must be indexed');
    // the segment holding row k: the last whose first row is at most k
    let lo = 0;
    let hi = this.firstRows.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.firstRows[mid]! <= k) lo = mid;
      else hi = mid - 1;
    }
    const lastOfSegment = (lo + 1 < this.firstRows.length ? this.firstRows[lo + 1]! : this.written) - 1;
    const end = k < lastOfSegment ? this.starts[k + 1]! : this.segments[2 * lo]! + this.segments[2 * lo + 1]!;
    const start = this.starts[k]!;
    // the row's line without its line break
    return JSON.parse(this.file.read(start, end - start - 1)) as T;
  }

  *[Symbol.iterator](): Iterator<T> {
    for (let k = 0; k < this.segments.length; k += 2) {
      const text = this.file.read(this.segments[k]!, this.segments[k + 1]!);
      for (let at = 0; at < text.length; ) {
        const nl = text.indexOf('\n', at);
        yield JSON.parse(text.slice(at, nl)) as T;
        at = nl + 1;
      }
    }
    for (const line of this.lines) yield JSON.parse(line) as T;
  }
}
