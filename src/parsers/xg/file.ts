/**
 * A whole XG file — `.xg` match or `.xgp` position (formats.md §1.14: the same container and records;
 * a position has HeaderMatch, HeaderGame with `inProgress`, one Cube and at most one Move, and no
 * footers) — read into its container header and decoded inner files.
 */
import { CorruptFileError } from '../../errors.js';
import {
  type ArchiveEntry,
  type RgmhHeader,
  readXgArchive,
  type XgArchiveOptions,
  type XgWarning,
} from './archive.js';
import {
  decodeXgComments,
  decodeXgRecords,
  decodeXgRollouts,
  type XgRecord,
  type XgRolloutContext,
} from './records.js';

/** An XG file, decoded down to its records. */
export interface XgFile {
  /** The RGMH header (display strings, thumbnail size). */
  readonly header: RgmhHeader;
  /** The archive index: every inner file, including those not decoded (`temp.xgi`). */
  readonly entries: readonly ArchiveEntry[];
  /** File version from the HeaderMatch (30, 32 …); null when `temp.xg` has no HeaderMatch. */
  readonly version: number | null;
  /** The records of `temp.xg`, in file order. */
  readonly records: readonly XgRecord[];
  /** The rollouts of `temp.xgr` (empty when there is none). */
  readonly rollouts: readonly XgRolloutContext[];
  /** The RTF comments of `temp.xgc` by comment index (empty when there is none). */
  readonly comments: readonly string[];
  /** Non-fatal problems: container offsets are in the file, record offsets in the named inner file. */
  readonly warnings: readonly XgWarning[];
}

/** Inner files decoded by {@link readXgFile}; `temp.xgi` only repeats two records of `temp.xg`. */
const DECODED = ['temp.xg', 'temp.xgr', 'temp.xgc'];

/**
 * Reads an `.xg` or `.xgp` file: container, `temp.xg` records, `temp.xgr` rollouts, `temp.xgc`
 * comments. Throws UnsupportedFormatError without the `RGMH` magic, CorruptFileError when the container
 * is damaged or has no `temp.xg`; damage inside the records gives warnings (see decodeXgRecords).
 */
export function readXgFile(bytes: Uint8Array, file: string, options: XgArchiveOptions = {}): XgFile {
  const archive = readXgArchive(bytes, file, { ...options, names: options.names ?? DECODED });
  const warnings: XgWarning[] = [...archive.warnings];
  const game = archive.files.get('temp.xg');
  if (!game) {
    throw new CorruptFileError(
      { file, offset: archive.archiveStart + archive.trailer.dataSize, segment: 'archive index' },
      `no temp.xg among the inner files (${archive.entries.map((e) => e.name).join(', ')})`,
    );
  }
  // the inflated buffer is ours alone: the records may be views over it
  const stream = decodeXgRecords(game, file, { copy: false });
  warnings.push(...stream.warnings);
  let rollouts: XgRolloutContext[] = [];
  const xgr = archive.files.get('temp.xgr');
  if (xgr) {
    const decoded = decodeXgRollouts(xgr, file);
    rollouts = decoded.rollouts;
    warnings.push(...decoded.warnings);
  }
  const xgc = archive.files.get('temp.xgc');
  return {
    header: archive.header,
    entries: archive.entries,
    version: stream.version,
    records: stream.records,
    rollouts,
    comments: xgc ? decodeXgComments(xgc) : [],
    warnings,
  };
}
