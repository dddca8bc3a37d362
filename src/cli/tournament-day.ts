/**
 * The director's day on an event file (`bdb tournament add-player|withdraw|undo|log`): a late entry, a
 * withdrawal, the last result or pairing taken back, and the log of every change the commands made. Each
 * change is one pure edit (src/tournament/edit.ts) written through ./tournament-event.ts: a refused one
 * leaves the file byte for byte as it was, with one line saying why.
 */

import { escapeControls } from '../core/text-controls.js';
import { UsageError } from '../errors.js';
import { jsonHead } from '../report/json.js';
import { addPlayer, describeResult, undoLast, withdrawPlayer, withLog } from '../tournament/edit.js';
import type { ExitCode } from './exit.js';
import { changeTime, runOnEvent } from './tournament-event.js';

export interface AddPlayerOptions {
  rating?: string;
}

/** `bdb tournament add-player EVENT NAME [--rating R]`: a late entry, paired from the next round. */
export function runAddPlayer(file: string, name: string, opts: AddPlayerOptions): ExitCode {
  let rating: number | undefined;
  if (opts.rating !== undefined) {
    if (!/^-?\d+(?:\.\d+)?$/.test(opts.rating.trim()))
      throw new UsageError(`--rating expects a number, got ${JSON.stringify(opts.rating)}`);
    rating = Number(opts.rating);
  }
  return runOnEvent(file, {}, (_event, own) => {
    const late = addPlayer(own, { name, ...(rating !== undefined ? { rating } : {}) });
    const added = late.event.players.at(-1)!.name;
    const pts = absentPoints(own);
    const before =
      late.firstRound === 2
        ? 'round 1 counts as an absence'
        : `rounds 1 to ${late.firstRound - 1} count as absences`;
    const each = late.firstRound > 2 ? ' each' : '';
    const missed = late.firstRound > 1 ? `; ${before} (${pts} point${pts === 1 ? '' : 's'}${each})` : '';
    const fixed = late.fixedRounds === null ? '' : `; the event keeps its ${late.fixedRounds} rounds`;
    const said = `${added} entered, paired from round ${late.firstRound}${missed}${fixed}`;
    const write = withLog(late.event, {
      at: changeTime(),
      what: 'add-player',
      round: late.firstRound,
      player: added,
      said,
    });
    return { text: escapeControls(said), write };
  });
}

/** The points of an absent round: the event's, else 0 (Swiss) or ½ (McMahon: spec/tournament.md, EGF practice). */
function absentPoints(event: {
  system: { type: string };
  tiebreakOptions: { absentPoints?: number };
}): number {
  return event.tiebreakOptions.absentPoints ?? (event.system.type === 'mcmahon' ? 0.5 : 0);
}

export interface WithdrawOptions {
  afterRound?: string;
}

/** `bdb tournament withdraw EVENT NAME [--after-round N]`: not paired from the next round on. */
export function runWithdraw(file: string, name: string, opts: WithdrawOptions): ExitCode {
  let after: number | undefined;
  if (opts.afterRound !== undefined) {
    if (!/^\d+$/.test(opts.afterRound.trim()))
      throw new UsageError(
        `--after-round expects a round number ≥ 0, got ${JSON.stringify(opts.afterRound)}`,
      );
    after = Number(opts.afterRound);
  }
  return runOnEvent(file, {}, (_event, own) => {
    const w = withdrawPlayer(own, name, after);
    const said =
      w.forfeit !== null
        ? `${name} withdrew: round ${w.forfeit.round}: ${describeResult(w.forfeit)}`
        : `${name} withdrew after round ${w.afterRound}: not paired from round ${w.afterRound! + 1} on`;
    const write = withLog(w.event, {
      at: changeTime(),
      what: 'withdraw',
      round: w.forfeit !== null ? w.forfeit.round : w.afterRound!,
      player: name,
      said,
      ...(w.forfeit !== null ? { entered: w.forfeit } : {}),
    });
    return { text: escapeControls(said), write };
  });
}

/** `bdb tournament undo EVENT`: the last result (or the last pairing without results) taken back. */
export function runUndo(file: string): ExitCode {
  return runOnEvent(file, {}, (_event, own) => {
    const u = undoLast(own);
    const said = `taken back: ${u.said}`;
    const write = withLog(u.event, { at: changeTime(), what: 'undo', undoes: u.undoes, said });
    return { text: escapeControls(said), write };
  });
}

export interface LogOptions {
  json?: boolean;
}

/** `bdb tournament log EVENT [--json]`: every change the commands made, oldest first. */
export function runLog(file: string, opts: LogOptions): ExitCode {
  return runOnEvent(file, {}, (_event, own) => {
    const log = own.log ?? [];
    if (opts.json === true) {
      const json = { ...jsonHead('tournament-log'), name: own.name ?? null, log };
      return { text: JSON.stringify(json, null, 2) };
    }
    if (log.length === 0)
      return { text: `${file}: no change logged (the log starts with bdb's day commands)` };
    const width = Math.max(...log.map((e) => e.what.length));
    const lines = log.map((e, i) =>
      escapeControls(`${String(i + 1).padStart(3)}  ${e.at}  ${e.what.padEnd(width)}  ${e.said}`),
    );
    return { text: lines.join('\n') };
  });
}
