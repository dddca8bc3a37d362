/**
 * `bdb find --json` (docs/json.md, docs/schema/find.schema.json), written as it is made: each decision's
 * object when the output reaches it.
 */
import { jsonHead, LazyJsonArray, writeJson } from '../json.js';
import type { Reporter } from '../reporter.js';
import type { FindResult, FindView, FoundRow } from './types.js';

/** A decision found, under the keys of docs/schema/find.schema.json (units in the names). */
function jsonRow(d: FoundRow): Record<string, unknown> {
  return {
    file: d.file,
    date: d.date,
    event: d.event,
    game: d.game,
    move: d.move,
    decision: d.decision,
    player: d.player,
    opponent: d.opponent,
    kind: d.kind,
    action: d.action,
    dice: d.dice,
    matchLength: d.matchLength,
    away: d.away,
    opponentAway: d.opponentAway,
    crawford: d.crawford,
    cubeValue: d.cube,
    cubeOwner: d.cubeOwner,
    played: d.played,
    best: d.best,
    playedEquityEmg: d.playedEquity,
    bestEquityEmg: d.bestEquity,
    errorEmg: d.error,
    lossMwc: d.mwcLoss,
    xgid: d.xgid,
    positionId: d.positionId,
    gamePlan: d.gamePlan,
    phase: d.phase,
    theme: d.theme,
    analyser: d.analyser,
    checkerDepth: d.checkerDepth,
    cubeDepth: d.cubeDepth,
  };
}

export const findJson: Reporter<FindResult, FindView> = (r, _view, write) =>
  writeJson(
    {
      ...jsonHead('find'),
      search: { name: r.name, filters: r.filters },
      total: r.total,
      limit: r.limit,
      // each decision's object holds plain values only
      decisions: LazyJsonArray.of(r.decisions, jsonRow, true),
    },
    write,
  );
