/**
 * Reads gnuBG's own `show statistics match` output (the NAME.stats.txt files of the reference matches)
 * into the figures of bdb's `gnubg` block, as printed: errors as positive magnitudes, MWC in percent.
 * Each value keeps gnuBG's printed text so a comparison can be made at gnuBG's printed precision.
 */

/** A printed figure: its value and number of decimals. */
export interface Printed {
  value: number;
  decimals: number;
}

/** gnuBG's figures for one player, as printed. */
export interface GnubgPrinted {
  player: string;
  totalMoves: Printed;
  unforcedMoves: Printed;
  checkerErrorEMG: Printed;
  checkerErrorSecond: Printed;
  closeCubeDecisions: Printed;
  totalCubeDecisions: Printed;
  doubles: Printed;
  takes: Printed;
  passes: Printed;
  cubeErrorEMG: Printed;
  cubeErrorSecond: Printed;
  luckEMG: Printed;
  luckSecond: Printed;
  errorRateMEMG: Printed;
  snowieER: Printed;
  /** Match play: luck adjusted result (%); money: advantage (luck adjusted) in ppg. */
  luckAdjusted: Printed | null;
  money: boolean;
  /** Moves marked (unmarked, doubtful, bad, very bad) and rolls marked (very lucky … very unlucky). */
  moveMarks: [number, number, number, number];
  /** FIBS-rating lines (match play): null where gnuBG prints n/a or nothing (luck-based: player 0 only). */
  fibs: {
    luckBasedDiff: Printed | null;
    errorBasedRating: Printed | null;
    checkerRatingLoss: Printed | null;
    cubeRatingLoss: Printed | null;
  } | null;
  rollMarks: [number, number, number, number, number];
  /**
   * The cube-error classes' counts: missed doubles below and above CP, wrong doubles below DP and above TG,
   * wrong takes, wrong passes.
   */
  cubeErrors: [number, number, number, number, number, number];
  /** Error rates (magnitudes) of chequer play and cube, luck rate (signed), in mEMG. */
  checkerRateMEMG: Printed;
  cubeRateMEMG: Printed;
  /** null where gnuBG prints n/a (a player who never rolled). */
  luckRateMEMG: Printed | null;
  /** Overall error total (magnitudes): EMG and the second unit (MWC % or points). */
  totalErrorEMG: Printed;
  totalErrorSecond: Printed;
  /** Actual result: % of MWC at match play, ppg at money play. */
  actualResult: Printed;
  /** The rating labels as printed. */
  ratings: { checker: string; cube: string; overall: string; luck: string };
}

function printed(tok: string): Printed {
  const t = tok.replace('%', '');
  const dot = t.indexOf('.');
  return { value: Number(t), decimals: dot < 0 ? 0 : t.length - dot - 1 };
}

const NUM = /[+-]?\s*\d+(?:\.\d+)?%?/g;

function numbers(s: string): Printed[] {
  return (s.match(NUM) ?? []).map((x) => printed(x.replace(/\s+/g, '')));
}

/** Parses a stats.txt; returns both players' figures. */
export function parseGnubgStatsTxt(text: string): [GnubgPrinted, GnubgPrinted] {
  const lines = text.split(/\r?\n/);
  const header = lines.find((l) => l.startsWith('Player'));
  if (!header) throw new Error('no Player line');
  // column starts: label is 41 chars wide, each player column 24 chars
  const col = (l: string, k: number): string => l.slice(41 + 24 * k, 41 + 24 * (k + 1));
  // gnuBG pads names by bytes, so non-ASCII names shift the header: split it on runs of spaces instead
  const names = header
    .slice('Player'.length)
    .trim()
    .split(/\s{2,}/);
  let section = '';
  const found: Record<string, [string, string]> = {};
  for (const l of lines) {
    if (/^[A-Z][a-z]+ statistics$/.test(l.trim())) {
      section = l.trim();
      continue;
    }
    const label = l.slice(0, 41).trim();
    if (!label) continue;
    found[`${section}|${label}`] = [col(l, 0), col(l, 1)];
  }
  const money = Object.keys(found).some((k) => k.includes('(Points)'));
  const unit = money ? 'EMG (Points)' : 'EMG (MWC)';
  const get = (key: string): [string, string] => {
    const v = found[key];
    if (!v) throw new Error(`missing line ${key}`);
    return v;
  };
  const out = [0, 1].map((k): GnubgPrinted => {
    const pick = (key: string, i = 0): Printed => {
      const ns = numbers(get(key)[k]!);
      const n = ns[i];
      if (!n) return { value: 0, decimals: 0 }; // "  0" cube entries have no figures
      return n;
    };
    const mag = (p: Printed): Printed => ({ value: Math.abs(p.value), decimals: p.decimals });
    /** A line that may be absent or print "n/a" / nothing in this column. */
    const optional = (key: string): Printed | null => {
      const v = found[key]?.[k];
      if (v === undefined || v.includes('n/a')) return null;
      return numbers(v)[0] ?? null;
    };
    const cubeTotal = `Cube statistics|Error total ${unit}`;
    const la = money
      ? 'Overall statistics|Advantage (luck adjusted) in ppg'
      : 'Overall statistics|Luck adjusted result';
    return {
      player: names[k]!,
      money,
      totalMoves: pick('Chequerplay statistics|Total moves'),
      unforcedMoves: pick('Chequerplay statistics|Unforced moves'),
      checkerErrorEMG: mag(pick(`Chequerplay statistics|Error total ${unit}`, 0)),
      checkerErrorSecond: mag(pick(`Chequerplay statistics|Error total ${unit}`, 1)),
      totalCubeDecisions: pick('Cube statistics|Total cube decisions'),
      closeCubeDecisions: pick('Cube statistics|Close or actual cube decisions'),
      doubles: pick('Cube statistics|Doubles'),
      takes: pick('Cube statistics|Takes'),
      passes: pick('Cube statistics|Passes'),
      cubeErrorEMG: mag(pick(cubeTotal, 0)),
      cubeErrorSecond: mag(pick(cubeTotal, 1)),
      luckEMG: pick(`Luck statistics|Luck total ${unit}`, 0),
      luckSecond: pick(`Luck statistics|Luck total ${unit}`, 1),
      errorRateMEMG: mag(pick(`Overall statistics|Error rate m${unit}`, 0)),
      snowieER: mag(pick('Overall statistics|Snowie error rate', 0)),
      luckAdjusted: found[la] ? pick(la, 0) : null,
      fibs: money
        ? null
        : {
            luckBasedDiff: optional('Overall statistics|Luck based FIBS rating diff.'),
            errorBasedRating: optional('Overall statistics|Error based abs. FIBS rating'),
            checkerRatingLoss: optional('Overall statistics|Chequerplay errors rating loss'),
            cubeRatingLoss: optional('Overall statistics|Cube errors rating loss'),
          },
      checkerRateMEMG: mag(pick(`Chequerplay statistics|Error rate m${unit}`, 0)),
      cubeRateMEMG: mag(pick(`Cube statistics|Error rate m${unit}`, 0)),
      luckRateMEMG: optional(`Luck statistics|Luck rate m${unit}`),
      totalErrorEMG: mag(pick(`Overall statistics|Error total ${unit}`, 0)),
      totalErrorSecond: mag(pick(`Overall statistics|Error total ${unit}`, 1)),
      actualResult: pick(
        money ? 'Overall statistics|Advantage (actual) in ppg' : 'Overall statistics|Actual result',
      ),
      ratings: {
        checker: get('Chequerplay statistics|Chequerplay rating')[k]!.trim(),
        cube: get('Cube statistics|Cube decision rating')[k]!.trim(),
        overall: get('Overall statistics|Overall rating')[k]!.trim(),
        luck: get('Luck statistics|Luck rating')[k]!.trim(),
      },
      cubeErrors: [
        pick(`Cube statistics|Missed doubles below CP (${unit})`).value,
        pick(`Cube statistics|Missed doubles above CP (${unit})`).value,
        pick(`Cube statistics|Wrong doubles below DP (${unit})`).value,
        pick(`Cube statistics|Wrong doubles above TG (${unit})`).value,
        pick(`Cube statistics|Wrong takes (${unit})`).value,
        pick(`Cube statistics|Wrong passes (${unit})`).value,
      ],
      moveMarks: [
        pick('Chequerplay statistics|Unmarked moves').value,
        pick('Chequerplay statistics|Moves marked doubtful').value,
        pick('Chequerplay statistics|Moves marked bad').value,
        pick('Chequerplay statistics|Moves marked very bad').value,
      ],
      rollMarks: [
        pick('Luck statistics|Rolls marked very lucky').value,
        pick('Luck statistics|Rolls marked lucky').value,
        pick('Luck statistics|Rolls unmarked').value,
        pick('Luck statistics|Rolls marked unlucky').value,
        pick('Luck statistics|Rolls marked very unlucky').value,
      ],
    };
  });
  return [out[0]!, out[1]!];
}

/** The count rows of gnuBG's chequer and cube statistics, with the path of bdb's `gnubg` figure for each. */
export const PRINTED_COUNT_ROWS = [
  ['Total moves', 'totalMoves'],
  ['Unforced moves', 'unforcedMoves'],
  ['Unmarked moves', 'moveMarks.unmarked'],
  ['Moves marked doubtful', 'moveMarks.doubtful'],
  ['Moves marked bad', 'moveMarks.bad'],
  ['Moves marked very bad', 'moveMarks.veryBad'],
  ['Total cube decisions', 'totalCubeDecisions'],
  ['Close or actual cube decisions', 'closeCubeDecisions'],
  ['Doubles', 'doubles'],
  ['Takes', 'takes'],
  ['Passes', 'passes'],
  ['Missed doubles below CP', 'cubeErrors.missedDoubleBelowCP.count'],
  ['Missed doubles above CP', 'cubeErrors.missedDoubleAboveCP.count'],
  ['Wrong doubles below DP', 'cubeErrors.wrongDoubleBelowDP.count'],
  ['Wrong doubles above TG', 'cubeErrors.wrongDoubleAboveTG.count'],
  ['Wrong takes', 'cubeErrors.wrongTake.count'],
  ['Wrong passes', 'cubeErrors.wrongPass.count'],
] as const;

/**
 * The count rows ({@link PRINTED_COUNT_ROWS}) of the first statistics block in `text` (e.g. from "Match
 * statistics" on): each row's two players' counts, in the order gnuBG prints the players. The rows hold only
 * ASCII, so the columns are at gnuBG's byte offsets (label 41, then 24 per player).
 */
export function printedCounts(text: string): Map<string, [number, number]> {
  const out = new Map<string, [number, number]>();
  for (const line of text.split(/\r?\n/)) {
    for (const [label] of PRINTED_COUNT_ROWS) {
      if (out.has(label) || !line.startsWith(`${label} `)) continue;
      const a = /^\s*(\d+)/.exec(line.slice(41, 65));
      const b = /^\s*(\d+)/.exec(line.slice(65));
      if (a && b) out.set(label, [Number(a[1]), Number(b[1])]);
    }
  }
  return out;
}
