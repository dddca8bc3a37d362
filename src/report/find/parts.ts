/**
 * A found decision in words, the same on the terminal and on the page: where it was played, the score, the
 * cube, the roll, what was played and what was best, what it cost; and its board (the side on roll at the
 * bottom: the doubler for a take or pass, as bdb review draws it).
 */
import { type BoardView, boardView } from '../board-view.js';
import { fixed, percent, signed } from '../format.js';
import type { FindResult, FoundRow } from './types.js';

/** The last part of a path. */
function baseName(file: string): string {
  return file.split(/[\\/]/).pop() ?? file;
}

/** The score, the decision maker's away score first: '5-3 away, Crawford', 'money'. */
export function scoreWords(d: FoundRow): string {
  if (d.matchLength <= 0 || d.away === null || d.opponentAway === null) return 'money';
  return `${d.away}-${d.opponentAway} away${d.crawford ? ', Crawford' : ''}`;
}

/** The cube, from the decision maker's side: 'cube 1', 'cube 2 mine', "cube 4 opponent's". */
export function cubeWords(d: FoundRow): string {
  if (d.cubeOwner === 'player') return `cube ${d.cube} mine`;
  if (d.cubeOwner === 'opponent') return `cube ${d.cube} opponent's`;
  return `cube ${d.cube}`;
}

/** The parts of a decision's line, in order. */
export function rowParts(d: FoundRow, arrow: string): string[] {
  const where = d.event !== null && d.event.trim() !== '' ? d.event.trim() : baseName(d.file);
  const lost = d.matchLength > 0 ? `${percent(d.mwcLoss === null ? null : d.mwcLoss * 100, 2)} MWC` : 'money';
  return [
    d.date ?? 'undated',
    where,
    d.player,
    `game ${d.game} move ${d.move}`,
    scoreWords(d),
    cubeWords(d),
    ...(d.dice === null ? [] : [d.dice]),
    d.kind,
    `${d.played ?? 'n/a'} ${arrow} ${d.best ?? 'n/a'}`,
    `error ${fixed(d.error, 3)}`,
    lost,
  ];
}

/** The first line of the list: how many matched, how many are shown, and the search. */
export function findHeading(r: FindResult): string {
  const what = r.name === null ? '' : ` saved search '${r.name}'`;
  const n = r.total;
  const shown =
    r.decisions.length === n
      ? `${n === 1 ? 'it' : `all ${n}`} shown`
      : `the ${r.decisions.length} that lost the most MWC shown`;
  const filters = r.filters === '' ? '' : ` (${r.filters})`;
  return `${n} decision${n === 1 ? '' : 's'} match${n === 1 ? 'es' : ''}${what}${filters}: ${shown}`;
}

/** The line for a search that found nothing. */
export function noMatchLine(r: FindResult): string {
  const what = r.name === null ? '' : `saved search '${r.name}'`;
  const filters = r.filters === '' ? 'your mistakes (no filter)' : r.filters;
  return `no decision matches: ${[what, filters].filter((s) => s !== '').join(' ')}`;
}

/** The equity of a play as the board's caption prints it. */
function equity(v: number | null): string | null {
  return v === null ? null : signed(v, 3);
}

/** The board of a found decision, or null when its position is unknown. */
export function foundBoard(d: FoundRow): BoardView | null {
  const answer = d.kind === 'take';
  return boardView({
    xgid: d.xgid,
    names: answer ? [d.opponent, d.player] : [d.player, d.opponent],
    answer,
    played: d.played === null ? null : { text: d.played, equity: equity(d.playedEquity) },
    best: d.best === null ? null : { text: d.best, equity: equity(d.bestEquity) },
  });
}
