/**
 * Rows kept in a temporary file (the CLI's {@link RowStores} for `biases` and `plan`): each store gathers its
 * rows as JSON lines and, once the run's stores hold more than a budget of text, every store's lines go to
 * the one file as a segment; reading a store reads its segments back in order. Memory then holds the
 * budget and two numbers a segment, whatever the number of matches.
 *
 * The file is created only when the budget is first exceeded, in the system's temporary folder, and
 * removed at once where the system allows it (it lives until closed), else when the run ends. JSON keeps
 * every number's exact value, except that −0 comes back as 0 (no figure or output tells them apart); a row's
 * undefined fields are left out, as JSON.stringify leaves them out.
 */
import { closeSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RowStore, RowStores } from '../report/row-store.js';

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
  readonly rows: RowStores = <T>(): RowStore<T> => {
    const s = new SpilledRows<T>(this);
    this.stores.push(s as SpilledRows<unknown>);
    return s;
  };

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

class SpilledRows<T> implements RowStore<T> {
  private readonly file: SpillFile;
  /** The lines not yet written out. */
  private lines: string[] = [];
  /** [offset, bytes] of each segment written, flat. */
  private readonly segments: number[] = [];
  length = 0;

  constructor(file: SpillFile) {
    this.file = file;
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
    this.lines = [];
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
