/**
 * The inner files of an XG archive, decoded field by field as XG declares them (formats.md §1.3–1.11,
 * `xg_format.pas`): `temp.xg`, a stream of fixed 2560-byte `TSaveRec` records; `temp.xgr`, 2184-byte
 * `TRolloutContext` records; `temp.xgc`, RTF comments.
 *
 * No interpretation happens here: every field keeps XG's unit and sign convention (documented on the
 * field), and mapping to the decision model is done on top of these layouts. Fields added in a later
 * file version are `null` when the file's version (`HeaderMatch.version`) predates them. Of the 32
 * candidate slots of a checker-play analysis only the `nMoves` in use are exposed, each field of them as
 * one flat array over all candidates (candidate j at j × its width: {@link XgMoveAnalysis}). Positions
 * are `Int8Array`, 32-bit integer arrays `Int32Array` and single-precision evaluations `Float32Array`
 * views (see decodeXgRecords).
 *
 * Offsets in warnings and errors are byte offsets in the inflated inner file (segment
 * `temp.xg record N`, `temp.xgr record N`).
 */
import { decodeWin1252 } from '../text-decode.js';
import type { XgWarning } from './archive.js';
import { ByteReader, plainBytes } from './bytes.js';

/** Size of one `TSaveRec` in `temp.xg`. */
export const XG_RECORD_SIZE = 2560;
/** Size of one `TRolloutContext` in `temp.xgr`. */
export const XG_ROLLOUT_SIZE = 2184;
/** `HeaderMatch.Magic` of a valid file: ASCII `DMLI` read as a little-endian dword. */
export const XG_RECORD_MAGIC = 0x494c4d44;
/** Highest file version XG 2 accepts (`MaxSaveFileVersion`). */
export const XG_MAX_FILE_VERSION = 40;
/** Number of candidate slots in `EngineStructBestMove`. */
export const XG_MAX_CANDIDATES = 32;
/** Bytes of a `PositionEngine` ({@link XgPosition}): one candidate's stride in `DataMoves.PosPlayed`. */
export const XG_POSITION_BYTES = 26;
/** Bytes of one candidate's move in `DataMoves.Moves`: 4 (from, to) pairs of signed bytes. */
export const XG_MOVE_BYTES = 8;
/** Singles of a `TResult` ({@link XgEval}): one candidate's stride in `DataMoves.Eval`. */
export const XG_EVAL_SINGLES = 7;
/** Bytes of a `TEvalLevel`: SmallInt level, Boolean isDouble, a filler byte. */
export const XG_EVAL_LEVEL_BYTES = 4;

/**
 * `PositionEngine`: 26 signed counts from the point of view of the player on roll. Index 0 = the
 * opponent's bar (negative counts), 1..24 = points (positive = roller's checkers, negative =
 * opponent's), 25 = the roller's bar. Borne-off checkers are implicit.
 */
export type XgPosition = Int8Array;

/**
 * XG's `TResult`, 7 singles: [0] P(lose backgammon), [1] P(lose gammon, incl. bg), [2] P(lose),
 * [3] P(win), [4] P(win gammon), [5] P(win backgammon), [6] equity (EMG, or cubeless equity where
 * noted). Probabilities 0..1, from the point of view of the player on roll.
 */
export type XgEval = Float32Array;

/** Two values: player/roller first, then the other. */
export type XgPair = readonly [number, number];

/** Fields every record has. */
interface XgRecordBase {
  /** 0-based index of the record in `temp.xg`. */
  readonly index: number;
  /** Byte offset of the record in the inflated `temp.xg`. */
  readonly offset: number;
  /** `EntryType` byte (offset 8). */
  readonly entryType: number;
}

/** `TTimeSetting` (v25): the chess clock of the session. Times in seconds, penalties in points. */
export interface XgTimeSetting {
  /** 0 none, 1 Fischer, 2 Bronstein. */
  readonly clockType: number;
  /** Time is per game (reset after each game). */
  readonly perGame: boolean;
  /** Initial time, seconds. */
  readonly time1: number;
  /** Time added (Fischer) or reserved (Bronstein) per move, seconds. */
  readonly time2: number;
  /** Point penalty when running out of time. */
  readonly penalty: number;
  /** Time left, player 1, seconds. */
  readonly timeLeft1: number;
  /** Time left, player 2, seconds. */
  readonly timeLeft2: number;
  /** Money penalty when running out of time. */
  readonly penaltyMoney: number;
}

/** HeaderMatch (type 0): once, first record (formats.md §1.6). */
export interface XgHeaderMatch extends XgRecordBase {
  readonly type: 'headerMatch';
  /** Player 1 name, ANSI copy for XG1 (`string[40]`); prefer {@link player1} when not null. */
  readonly sPlayer1: string;
  /** Player 2 name, ANSI copy. */
  readonly sPlayer2: string;
  /** Match length in points; 99999 = unlimited (money). */
  readonly matchLength: number;
  /** 0 backgammon, 1 nackgammon, 2 hypergammon, 3 longgammon. */
  readonly variation: number;
  /** Crawford rule in use. */
  readonly crawford: boolean;
  /** Jacoby rule in use. */
  readonly jacoby: boolean;
  /** Beavers allowed. */
  readonly beaver: boolean;
  /** Automatic doubles in use. */
  readonly autoDouble: boolean;
  /** Player 1 Elo. */
  readonly elo1: number;
  /** Player 2 Elo. */
  readonly elo2: number;
  /** Player 1 experience (games). */
  readonly exp1: number;
  /** Player 2 experience. */
  readonly exp2: number;
  /** Match date, local wall-clock time as ISO `YYYY-MM-DDTHH:MM:SS[.sss]` (TDateTime); null if invalid. */
  readonly date: string | null;
  /** Event, ANSI copy (`string[128]`). */
  readonly sEvent: string;
  /** Game id; negated when the players were swapped. */
  readonly gameId: number;
  /** PLAYERLEVEL of a computer player 1, −1 = human. */
  readonly compLevel1: number;
  /** PLAYERLEVEL of a computer player 2, −1 = human. */
  readonly compLevel2: number;
  /** The outcome affects Elo. */
  readonly countForElo: boolean;
  /** The outcome affects player 1's profile. */
  readonly addToProfile1: boolean;
  /** The outcome affects player 2's profile. */
  readonly addToProfile2: boolean;
  /** Location, ANSI copy. */
  readonly sLocation: string;
  /** 0 free, 1 tutor, 2 teaching, 3 coaching, 4 competition, 5 iron man, 6 custom. */
  readonly gameMode: number;
  /** Imported from a site or file (MAT, …). */
  readonly imported: boolean;
  /** Round, ANSI copy. */
  readonly sRound: string;
  /** Board-swap flag (±1). */
  readonly invert: number;
  /** File version (30 = XG 2.10, 32 = XG 2.19 in known files; XG refuses > 40). */
  readonly version: number;
  /** Validity dword; {@link XG_RECORD_MAGIC} (`DMLI`) in a valid file. */
  readonly magic: number;
  /** Games played before against this opponent in money play (profile). */
  readonly moneyInitG: number;
  /** Initial money score against this opponent (profile). */
  readonly moneyInitScore: XgPair;
  /** Entered in the profile. */
  readonly entered: boolean;
  /** Already counted in the profile's Elo. */
  readonly counted: boolean;
  /** Unrated on the site it was imported from. */
  readonly unratedImp: boolean;
  /** Match header comment: line of `temp.xgc`, −1 none. */
  readonly commentHeaderMatch: number;
  /** Match footer comment: line of `temp.xgc`, −1 none. */
  readonly commentFooterMatch: number;
  /** Played for real money. */
  readonly isMoneyMatch: boolean;
  /** Money for the winner. */
  readonly winMoney: number;
  /** Money for the loser. */
  readonly loseMoney: number;
  /** Currency: 0 dollar, 1 euro, 2 pound, 3 yen, 4 Swiss franc, 5 Canadian dollar. */
  readonly currency: number;
  /** Rake. */
  readonly feeMoney: number;
  /** Maximum amount that can be lost (not implemented by XG). */
  readonly tableStake: number;
  /** Site id, −1 none (xg_format.pas SITE ID table). */
  readonly siteId: number;
  /** v8: cube limit; observed 10 where the cube limit is 1024, so probably log2 (inferred). */
  readonly cubeLimit: number | null;
  /** v8: maximum number of automatic doubles. */
  readonly autoDoubleMax: number | null;
  /** v24: the match was transcribed. */
  readonly transcribed: boolean | null;
  /** v24: event (Unicode). */
  readonly event: string | null;
  /** v24: player 1 name (Unicode); the name to use. */
  readonly player1: string | null;
  /** v24: player 2 name (Unicode). */
  readonly player2: string | null;
  /** v24: location (Unicode). */
  readonly location: string | null;
  /** v24: round (Unicode). */
  readonly round: string | null;
  /** v25: clock settings. */
  readonly timeSetting: XgTimeSetting | null;
  /** v26: checker plays marked for a delayed rollout. */
  readonly totTimeDelayMove: number | null;
  /** v26: cube decisions marked for a delayed rollout. */
  readonly totTimeDelayCube: number | null;
  /** v26: delayed checker-play rollouts done. */
  readonly totTimeDelayMoveDone: number | null;
  /** v26: delayed cube rollouts done. */
  readonly totTimeDelayCubeDone: number | null;
  /** v30: transcriber's name (Unicode). */
  readonly transcriber: string | null;
}

/** HeaderGame (type 1): start of each game (formats.md §1.7). */
export interface XgHeaderGame extends XgRecordBase {
  readonly type: 'headerGame';
  /** Points player 1 has at the start of the game. */
  readonly score1: number;
  /** Points player 2 has at the start of the game. */
  readonly score2: number;
  /** This game is the Crawford game. */
  readonly crawfordApply: boolean;
  /** Initial position (all zero for the standard start, inferred). */
  readonly posInit: XgPosition;
  /** Game number, 1-based. */
  readonly gameNumber: number;
  /** The game is still in progress (set in `.xgp` positions). */
  readonly inProgress: boolean;
  /** Game header comment: line of `temp.xgc`, −1 none. */
  readonly commentHeaderGame: number;
  /** Game footer comment: line of `temp.xgc`, −1 none. */
  readonly commentFooterGame: number;
  /** v26: automatic doubles in this game; the real cube is 2^n × the stored cube. */
  readonly numberOfAutoDouble: number | null;
}

/** `EngineStructDoubleAction` (132 bytes at offset 64 of a Cube record): the cube analysis. */
export interface XgDoubleAnalysis {
  /** Position analysed (roller's view). */
  readonly pos: XgPosition;
  /** Analysis level performed (PLAYERLEVEL: 0 = 1-ply … 100 rollout, 1000+ XG Roller). */
  readonly level: number;
  /** Points still needed ("away"): roller, opponent. */
  readonly score: XgPair;
  /** Cube value (1, 2, 4, …). */
  readonly cube: number;
  /** 0 centred, 1 roller owns, −1 opponent owns. */
  readonly cubePos: number;
  /** 1 = Jacoby rule. */
  readonly jacoby: number;
  /** 1 = Crawford game. */
  readonly crawford: number;
  /** Unused. */
  readonly met: number;
  /** 0 don't double, 1 double (−100 seen when not analysed). */
  readonly flagDouble: number;
  /** It would be a beaver if doubled. */
  readonly isBeaver: number;
  /** No-double evaluation; [6] = cubeless equity. */
  readonly eval: XgEval;
  /** No-double cubeful equity, EMG, roller's view. */
  readonly equB: number;
  /** Double/take cubeful equity, EMG. */
  readonly equDouble: number;
  /** Double/pass equity, EMG (1.0 in analysed samples). */
  readonly equDrop: number;
  /** Analysis level requested. */
  readonly levelRequest: number;
  /** Choice at 3-ply as double + 2 × take. */
  readonly doubleChoice3: number;
  /** Double/take evaluation. */
  readonly evalDouble: XgEval;
}

/** Cube (type 2): the roller's cube decision and the opponent's take decision (formats.md §1.8). */
export interface XgCube extends XgRecordBase {
  readonly type: 'cube';
  /** `Actif`: player with the cube decision, +1 player 1, −1 player 2. */
  readonly actif: number;
  /**
   * `double`: 1 doubled, 0 did not; −2 = no cube decision at this turn (inferred); −1 in `.xgp`
   * (decision not played).
   */
  readonly double: number;
  /** 1 take, 0 pass, 2 beaver, −1 n/a. */
  readonly take: number;
  /** The doubler accepted a beaver: 0 no, 1 yes, 2 raccoon. */
  readonly beaverR: number;
  /** Raccoon accepted: 0 no, 1 yes. */
  readonly raccoonR: number;
  /** Cube before the decision: 0 centred, +n player 1 owns a 2^n cube, −n player 2 owns it. */
  readonly cubeB: number;
  /** Position (roller's view). */
  readonly position: XgPosition;
  /** The cube analysis (`DoubleD`). */
  readonly doubleD: XgDoubleAnalysis;
  /** Doubler's error, EMG, ≥ 0; −1000 = not analysed. */
  readonly errCube: number;
  /** Dice of the following move, e.g. "61" (`string[2]`). */
  readonly diceRolled: string;
  /** Taker's error, EMG, ≤ 0; 0 if no double; −1000 = not analysed. */
  readonly errTake: number;
  /** Index in `temp.xgr`, −1 none. */
  readonly rolloutIndexD: number;
  /** Engine's choice as double + 2 × take. */
  readonly compChoiceD: number;
  /** Analysis level (PLAYERLEVEL), −1 = none. */
  readonly analyzeC: number;
  /** Error made on beavering; −1000 = not analysed. */
  readonly errBeaver: number;
  /** Error made on raccooning; −1000 = not analysed. */
  readonly errRaccoon: number;
  /** Analysis level requested. */
  readonly analyzeCR: number;
  /** 0 ok, 1 error, 2 invalid. */
  readonly isValid: number;
  /** Tutor mode: initial double (0 no, 1 yes). */
  readonly tutorCube: number;
  /** Tutor mode: initial take (0 no, 1 yes). */
  readonly tutorTake: number;
  /** Tutor mode: initial doubling error; −1000 = not analysed. */
  readonly errTutorCube: number;
  /** Tutor mode: initial take error; −1000 = not analysed. */
  readonly errTutorTake: number;
  /** Flagged by the user. */
  readonly flaggedDouble: boolean;
  /** Comment: line of `temp.xgc`, −1 none. */
  readonly commentCube: number;
  /** v24: the position was edited here. */
  readonly editedCube: boolean | null;
  /** v26: marked for a delayed rollout. */
  readonly timeDelayCube: boolean | null;
  /** v26: delayed rollout done. */
  readonly timeDelayCubeDone: boolean | null;
  /** v27: automatic doubles so far in the game. */
  readonly numberOfAutoDoubleCube: number | null;
  /** v28: clock time left, player at the bottom, seconds. */
  readonly timeBot: number | null;
  /** v28: clock time left, player at the top, seconds. */
  readonly timeTop: number | null;
}

/** `TEvalLevel`: how a candidate was evaluated (made by {@link xgEvalLevel} for a reader who wants one). */
export interface XgEvalLevel {
  /** PLAYERLEVEL (0 = 1-ply … 100 rollout, 998/999 opening book, 1000+ XG Roller). */
  readonly level: number;
  /** The evaluation assumes a double on the very next move. */
  readonly isDouble: boolean;
}

/** `EngineStructBestMove` (2184 bytes at offset 124 of a Move record): the checker-play analysis. */
export interface XgMoveAnalysis {
  /** Position before the move (roller's view). */
  readonly pos: XgPosition;
  /** Dice. */
  readonly dice: XgPair;
  /** Analysis level requested (PLAYERLEVEL). */
  readonly level: number;
  /** Points still needed ("away"): roller, opponent. */
  readonly score: XgPair;
  /** Cube value (1, 2, 4, …). */
  readonly cube: number;
  /** 0 centred, 1 roller owns, −1 opponent owns. */
  readonly cubePos: number;
  /** 1 = Crawford game. */
  readonly crawford: number;
  /** 1 = Jacoby rule. */
  readonly jacoby: number;
  /**
   * Number of candidates, as stored (≤ 32). The four candidate arrays below hold the first nMoves of
   * XG's 32 slots (clamped to 0..32, with a warning if out of range; {@link xgCandidateCount}): the other
   * slots are unused and zero in every known file. Each is one flat view over all the candidates, as XG
   * lays them out: candidate j's values start at j × the field's width (no array or object per
   * candidate: a record of 32 candidates made 129 of them).
   */
  readonly nMoves: number;
  /**
   * Positions after the candidates, {@link XG_POSITION_BYTES} bytes each: candidate j's is
   * `posPlayed[26j .. 26j + 25]` (match `PositionEnd` to find the played one).
   */
  readonly posPlayed: Int8Array;
  /**
   * The candidates' moves, {@link XG_MOVE_BYTES} signed bytes each (candidate j's at 8j): (from, to)
   * pairs with 0-based points from the mover's view (24 = bar, to < 0 = borne off), ended by from = −1.
   */
  readonly moves: Int8Array;
  /**
   * The candidates' `TEvalLevel`s as stored, {@link XG_EVAL_LEVEL_BYTES} bytes each; read candidate j's
   * with {@link xgCandidateLevel} and {@link xgCandidateIsDouble}.
   */
  readonly evalLevel: Uint8Array;
  /**
   * The candidates' evaluations, best first, {@link XG_EVAL_SINGLES} singles each (candidate j's at 7j,
   * in {@link XgEval} order; `eval[7j + 6]` = cubeful equity, EMG).
   */
  readonly eval: Float32Array;
  /** `Irrevalent`: 1 = does not count as a decision (forced moves and some others). */
  readonly irrelevant: number;
  /** Unused. */
  readonly met: number;
  /** 1-ply choice (index into the candidates). */
  readonly choice0: number;
  /** 3-ply choice (index into the candidates). */
  readonly choice3: number;
}

/** Move (type 3): one checker play (formats.md §1.9). */
export interface XgMove extends XgRecordBase {
  readonly type: 'move';
  /** Position before the move (mover's view). */
  readonly positionI: XgPosition;
  /** Position after the move (mover's view). */
  readonly positionEnd: XgPosition;
  /** `ActifP`: the mover, +1 player 1, −1 player 2. */
  readonly actifP: number;
  /** The played move as 8 integers, (from, to) pairs like {@link XgMoveAnalysis.moves}, ended by −1. */
  readonly moves: Int32Array;
  /** Dice rolled. */
  readonly dice: XgPair;
  /** Cube: 0 centred, +n player 1 owns a 2^n cube, −n player 2 owns it. */
  readonly cubeA: number;
  /** Not used any more. */
  readonly errorM: number;
  /** Number of candidates (≤ 32). */
  readonly nMoveEval: number;
  /** The analysis (`DataMoves`). */
  readonly dataMoves: XgMoveAnalysis;
  /** The move was played. */
  readonly played: boolean;
  /** Error, EMG per unit cube, ≤ 0; −1000 = not analysed. */
  readonly errMove: number;
  /** Luck of the roll for the mover, EMG (> 0 lucky); −1000 = not analysed. */
  readonly errLuck: number;
  /** Engine's choice (index into the candidates; observed 1 when candidate 0 is best). */
  readonly compChoice: number;
  /** Equity before the roll (luck reference), EMG. */
  readonly initEq: number;
  /** 32 slots: index in `temp.xgr` of candidate j's rollout, −1 none. */
  readonly rolloutIndexM: Int32Array;
  /** Analysis level of the move (PLAYERLEVEL), −1 none. */
  readonly analyzeM: number;
  /** Analysis level of the luck. */
  readonly analyzeL: number;
  /** 0 ok, 1 error, 2 invalid. */
  readonly invalidM: number;
  /** Tutor mode: position after the initial move. */
  readonly positionTutor: XgPosition;
  /** Tutor mode: index of the initial move. */
  readonly tutor: number;
  /** Tutor mode: initial error; −1000 = not analysed. */
  readonly errTutorMove: number;
  /** Flagged by the user. */
  readonly flagged: boolean;
  /** Comment: line of `temp.xgc`, −1 none. */
  readonly commentMove: number;
  /** v24: the position was edited here. */
  readonly editedMove: boolean | null;
  /** v26: bit list of candidates marked for a delayed rollout. */
  readonly timeDelayMove: number | null;
  /** v26: bit list of candidates whose delayed rollout is done. */
  readonly timeDelayMoveDone: number | null;
  /** v27: automatic doubles so far in the game. */
  readonly numberOfAutoDoubleMove: number | null;
}

/** Number of candidates decoded in `dm` (its `nMoves`, clamped to 0..32). */
export function xgCandidateCount(dm: XgMoveAnalysis): number {
  return dm.moves.length / XG_MOVE_BYTES;
}

/** Candidate j's analysis level (PLAYERLEVEL): the little-endian SmallInt of its `TEvalLevel`. */
export function xgCandidateLevel(dm: XgMoveAnalysis, j: number): number {
  const b = dm.evalLevel;
  const at = XG_EVAL_LEVEL_BYTES * j;
  return (((b[at + 1] ?? 0) << 24) >> 16) | (b[at] ?? 0);
}

/** Whether candidate j's evaluation assumes a double on the very next move (`TEvalLevel.isDouble`). */
export function xgCandidateIsDouble(dm: XgMoveAnalysis, j: number): boolean {
  return dm.evalLevel[XG_EVAL_LEVEL_BYTES * j + 2] !== 0;
}

/** Candidate j's `TEvalLevel` as an object (made on each call; the model reads the two values itself). */
export function xgEvalLevel(dm: XgMoveAnalysis, j: number): XgEvalLevel {
  return { level: xgCandidateLevel(dm, j), isDouble: xgCandidateIsDouble(dm, j) };
}

/** FooterGame (type 4): end of each game (formats.md §1.10). */
export interface XgFooterGame extends XgRecordBase {
  readonly type: 'footerGame';
  /** Player 1's score after the game. */
  readonly score1g: number;
  /** Player 2's score after the game. */
  readonly score2g: number;
  /** The next game is the Crawford game. */
  readonly crawfordApplyg: boolean;
  /** +1 player 1, −1 player 2. */
  readonly winner: number;
  /** Points won. */
  readonly pointsWon: number;
  /** 0 drop, 1 single, 2 gammon, 3 backgammon; +100 resigned, +1000 settled (101 = resigned single). */
  readonly termination: number;
  /** Error made by resigning; −1000 = not analysed. */
  readonly errResign: number;
  /** Error made by accepting the resignation; −1000 = not analysed. */
  readonly errTakeResign: number;
  /** Evaluation of the final position (7 doubles, TResult order). */
  readonly eval: readonly number[];
  /** Analysis level of that evaluation. */
  readonly evalLevel: number;
}

/** FooterMatch (type 5): once, last record; absent in `.xgp` (formats.md §1.10). */
export interface XgFooterMatch extends XgRecordBase {
  readonly type: 'footerMatch';
  /** Player 1's final score. */
  readonly score1m: number;
  /** Player 2's final score. */
  readonly score2m: number;
  /** +1 player 1, −1 player 2. */
  readonly winnerM: number;
  /** Resulting Elo, player 1. */
  readonly elo1m: number;
  /** Resulting Elo, player 2. */
  readonly elo2m: number;
  /** Resulting experience, player 1. */
  readonly exp1m: number;
  /** Resulting experience, player 2. */
  readonly exp2m: number;
  /** End of the match (TDateTime, as {@link XgHeaderMatch.date}); 1899-12-30 when not set. */
  readonly datem: string | null;
}

/** Missing (type 7): unused in practice; layout from formats.md §1.5 (not in xg_format.pas). */
export interface XgMissing extends XgRecordBase {
  readonly type: 'missing';
  /** Luck, EMG. */
  readonly luck: number;
  /** +1 player 1, −1 player 2. */
  readonly winner: number;
  /** Points. */
  readonly points: number;
}

/** One record of `temp.xg`. */
export type XgRecord =
  | XgHeaderMatch
  | XgHeaderGame
  | XgCube
  | XgMove
  | XgFooterGame
  | XgFooterMatch
  | XgMissing;

/** The decoded `temp.xg`. */
export interface XgRecordStream {
  /** File version from the first HeaderMatch; null when the stream has none. */
  readonly version: number | null;
  readonly records: XgRecord[];
  readonly warnings: XgWarning[];
}

/** Record type names by `EntryType`. */
const TYPE_NAMES = [
  'HeaderMatch',
  'HeaderGame',
  'Cube',
  'Move',
  'FooterGame',
  'FooterMatch',
  'Comment',
  'Missing',
];

/** Decoding state shared by the records of one stream. */
class Decoder {
  /** File version used for the version gates (all fields when unknown). */
  version = Number.POSITIVE_INFINITY;
  readonly warnings: XgWarning[] = [];

  /** A ShortString, with a warning when its length byte exceeds the capacity. */
  str(r: ByteReader, at: number, capacity: number, field: string): string {
    const len = r.shortStringLength(at);
    if (len > capacity) {
      this.warnings.push({
        offset: r.base + at,
        message: `${r.segment}: ${field} length ${len} exceeds its ${capacity} bytes; cut`,
      });
    }
    return r.shortString(at, capacity);
  }

  headerMatch(r: ByteReader, index: number): XgHeaderMatch {
    const version = r.i32(552);
    const v = (min: number): boolean => version >= min;
    return {
      type: 'headerMatch',
      index,
      offset: r.base,
      entryType: 0,
      sPlayer1: this.str(r, 9, 40, 'SPlayer1'),
      sPlayer2: this.str(r, 50, 40, 'SPlayer2'),
      matchLength: r.i32(92),
      variation: r.i32(96),
      crawford: r.bool(100),
      jacoby: r.bool(101),
      beaver: r.bool(102),
      autoDouble: r.bool(103),
      elo1: r.f64(104),
      elo2: r.f64(112),
      exp1: r.i32(120),
      exp2: r.i32(124),
      date: r.dateTime(128),
      sEvent: this.str(r, 136, 128, 'SEvent'),
      gameId: r.i32(268),
      compLevel1: r.i32(272),
      compLevel2: r.i32(276),
      countForElo: r.bool(280),
      addToProfile1: r.bool(281),
      addToProfile2: r.bool(282),
      sLocation: this.str(r, 283, 128, 'SLocation'),
      gameMode: r.i32(412),
      imported: r.bool(416),
      sRound: this.str(r, 417, 128, 'SRound'),
      invert: r.i32(548),
      version,
      magic: r.u32(556),
      moneyInitG: r.i32(560),
      moneyInitScore: [r.i32(564), r.i32(568)],
      entered: r.bool(572),
      counted: r.bool(573),
      unratedImp: r.bool(574),
      commentHeaderMatch: r.i32(576),
      commentFooterMatch: r.i32(580),
      isMoneyMatch: r.bool(584),
      winMoney: r.f32(588),
      loseMoney: r.f32(592),
      currency: r.i32(596),
      feeMoney: r.f32(600),
      tableStake: r.f32(604),
      siteId: r.i32(608),
      cubeLimit: v(8) ? r.i32(612) : null,
      autoDoubleMax: v(8) ? r.i32(616) : null,
      transcribed: v(24) ? r.bool(620) : null,
      event: v(24) ? r.utf16z(622, 129) : null,
      player1: v(24) ? r.utf16z(880, 129) : null,
      player2: v(24) ? r.utf16z(1138, 129) : null,
      location: v(24) ? r.utf16z(1396, 129) : null,
      round: v(24) ? r.utf16z(1654, 129) : null,
      timeSetting: v(25)
        ? {
            clockType: r.i32(1912),
            perGame: r.bool(1916),
            time1: r.i32(1920),
            time2: r.i32(1924),
            penalty: r.i32(1928),
            timeLeft1: r.i32(1932),
            timeLeft2: r.i32(1936),
            penaltyMoney: r.i32(1940),
          }
        : null,
      totTimeDelayMove: v(26) ? r.i32(1944) : null,
      totTimeDelayCube: v(26) ? r.i32(1948) : null,
      totTimeDelayMoveDone: v(26) ? r.i32(1952) : null,
      totTimeDelayCubeDone: v(26) ? r.i32(1956) : null,
      transcriber: v(30) ? r.utf16z(1960, 129) : null,
    };
  }

  headerGame(r: ByteReader, index: number): XgHeaderGame {
    return {
      type: 'headerGame',
      index,
      offset: r.base,
      entryType: 1,
      score1: r.i32(12),
      score2: r.i32(16),
      crawfordApply: r.bool(20),
      posInit: r.i8View(21, 26),
      gameNumber: r.i32(48),
      inProgress: r.bool(52),
      commentHeaderGame: r.i32(56),
      commentFooterGame: r.i32(60),
      numberOfAutoDouble: this.version >= 26 ? r.i32(64) : null,
    };
  }

  cube(r: ByteReader, index: number): XgCube {
    const v = this.version;
    return {
      type: 'cube',
      index,
      offset: r.base,
      entryType: 2,
      actif: r.i32(12),
      double: r.i32(16),
      take: r.i32(20),
      beaverR: r.i32(24),
      raccoonR: r.i32(28),
      cubeB: r.i32(32),
      position: r.i8View(36, 26),
      doubleD: {
        pos: r.i8View(64, 26),
        level: r.i32(92),
        score: [r.i32(96), r.i32(100)],
        cube: r.i32(104),
        cubePos: r.i32(108),
        jacoby: r.i32(112),
        crawford: r.i16(116),
        met: r.i16(118),
        flagDouble: r.i16(120),
        isBeaver: r.i16(122),
        eval: r.f32View(124, 7),
        equB: r.f32(152),
        equDouble: r.f32(156),
        equDrop: r.f32(160),
        levelRequest: r.i16(164),
        doubleChoice3: r.i16(166),
        evalDouble: r.f32View(168, 7),
      },
      errCube: r.f64(200),
      diceRolled: this.str(r, 208, 2, 'DiceRolled'),
      errTake: r.f64(216),
      rolloutIndexD: r.i32(224),
      compChoiceD: r.i32(228),
      analyzeC: r.i32(232),
      errBeaver: r.f64(240),
      errRaccoon: r.f64(248),
      analyzeCR: r.i32(256),
      isValid: r.i32(260),
      tutorCube: r.i8(264),
      tutorTake: r.i8(265),
      errTutorCube: r.f64(272),
      errTutorTake: r.f64(280),
      flaggedDouble: r.bool(288),
      commentCube: r.i32(292),
      editedCube: v >= 24 ? r.bool(296) : null,
      timeDelayCube: v >= 26 ? r.bool(297) : null,
      timeDelayCubeDone: v >= 26 ? r.bool(298) : null,
      numberOfAutoDoubleCube: v >= 27 ? r.i32(300) : null,
      timeBot: v >= 28 ? r.i32(304) : null,
      timeTop: v >= 28 ? r.i32(308) : null,
    };
  }

  move(r: ByteReader, index: number): XgMove {
    const v = this.version;
    // only the nMoves candidate slots in use are exposed (the others are zero in every known file)
    const nMoves = r.i32(188);
    const n = Math.max(0, Math.min(nMoves, XG_MAX_CANDIDATES));
    if (n !== nMoves) {
      this.warnings.push({
        offset: r.base + 188,
        message: `${r.segment}: ${nMoves} candidates, outside 0..${XG_MAX_CANDIDATES}; ${n} decoded`,
      });
    }
    return {
      type: 'move',
      index,
      offset: r.base,
      entryType: 3,
      positionI: r.i8View(9, 26),
      positionEnd: r.i8View(35, 26),
      actifP: r.i32(64),
      moves: r.i32View(68, 8),
      dice: [r.i32(100), r.i32(104)],
      cubeA: r.i32(108),
      errorM: r.f64(112),
      nMoveEval: r.i32(120),
      dataMoves: {
        pos: r.i8View(124, 26),
        dice: [r.i32(152), r.i32(156)],
        level: r.i32(160),
        score: [r.i32(164), r.i32(168)],
        cube: r.i32(172),
        cubePos: r.i32(176),
        crawford: r.i32(180),
        jacoby: r.i32(184),
        nMoves,
        // one view per field over the n candidates in use (see XgMoveAnalysis)
        posPlayed: r.i8View(192, XG_POSITION_BYTES * n),
        moves: r.i8View(1024, XG_MOVE_BYTES * n),
        evalLevel: r.view8(1280, XG_EVAL_LEVEL_BYTES * n),
        eval: r.f32View(1408, XG_EVAL_SINGLES * n),
        irrelevant: r.i8(2304),
        met: r.i8(2305),
        choice0: r.i8(2306),
        choice3: r.i8(2307),
      },
      played: r.bool(2308),
      errMove: r.f64(2312),
      errLuck: r.f64(2320),
      compChoice: r.i32(2328),
      initEq: r.f64(2336),
      rolloutIndexM: r.i32View(2344, XG_MAX_CANDIDATES),
      analyzeM: r.i32(2472),
      analyzeL: r.i32(2476),
      invalidM: r.i32(2480),
      positionTutor: r.i8View(2484, 26),
      tutor: r.i8(2510),
      errTutorMove: r.f64(2512),
      flagged: r.bool(2520),
      commentMove: r.i32(2524),
      editedMove: v >= 24 ? r.bool(2528) : null,
      timeDelayMove: v >= 26 ? r.u32(2532) : null,
      timeDelayMoveDone: v >= 26 ? r.u32(2536) : null,
      numberOfAutoDoubleMove: v >= 27 ? r.i32(2540) : null,
    };
  }

  footerGame(r: ByteReader, index: number): XgFooterGame {
    return {
      type: 'footerGame',
      index,
      offset: r.base,
      entryType: 4,
      score1g: r.i32(12),
      score2g: r.i32(16),
      crawfordApplyg: r.bool(20),
      winner: r.i32(24),
      pointsWon: r.i32(28),
      termination: r.i32(32),
      errResign: r.f64(40),
      errTakeResign: r.f64(48),
      eval: r.f64Array(56, 7),
      evalLevel: r.i32(112),
    };
  }

  footerMatch(r: ByteReader, index: number): XgFooterMatch {
    return {
      type: 'footerMatch',
      index,
      offset: r.base,
      entryType: 5,
      score1m: r.i32(12),
      score2m: r.i32(16),
      winnerM: r.i32(20),
      elo1m: r.f64(24),
      elo2m: r.f64(32),
      exp1m: r.i32(40),
      exp2m: r.i32(44),
      datem: r.dateTime(48),
    };
  }

  missing(r: ByteReader, index: number): XgMissing {
    return {
      type: 'missing',
      index,
      offset: r.base,
      entryType: 7,
      luck: r.f64(16),
      winner: r.i32(24),
      points: r.i32(28),
    };
  }
}

/**
 * Decodes `temp.xg` (the inflated inner file) into its records, in file order. Never throws on
 * damaged content: every record is 2560 bytes, so every field read is in bounds; unknown record types
 * (and type 6, "Comment", which has no layout) are skipped with a warning, as are trailing bytes that
 * do not make a whole record, a missing or misplaced HeaderMatch, a bad magic, a version above 40 and
 * over-long ShortStrings (cut to their capacity). `file` is the outer file's name, for messages.
 *
 * The records' positions and candidate moves (`Int8Array`), integer arrays (`Int32Array`: a move's
 * `Moves`, `RolloutIndexM`) and evaluations (`Float32Array`) are views over a copy of `data` made here
 * (an integer or single array not 4-byte aligned in memory is copied); with `options.copy === false`
 * they are views over `data` itself, which the caller must then leave unchanged.
 */
export function decodeXgRecords(
  data: Uint8Array,
  file: string,
  options: { readonly copy?: boolean } = {},
): XgRecordStream {
  const d = new Decoder();
  const records: XgRecord[] = [];
  // positions and evaluations are views over the bytes: over a private copy unless the caller hands
  // `data` over (`copy: false`, as readXgFile does with the buffer it inflated)
  const own = options.copy === false ? plainBytes(data) : plainBytes(data).slice();
  const whole = new ByteReader(own, file, 'temp.xg');
  const count = Math.floor(data.length / XG_RECORD_SIZE);
  if (data.length % XG_RECORD_SIZE !== 0) {
    d.warnings.push({
      offset: count * XG_RECORD_SIZE,
      message: `temp.xg: ${data.length % XG_RECORD_SIZE} trailing bytes after the last whole ${XG_RECORD_SIZE}-byte record ignored`,
    });
  }
  let version: number | null = null;
  for (let i = 0; i < count; i++) {
    const r = whole.sub(i * XG_RECORD_SIZE, XG_RECORD_SIZE, `temp.xg record ${i}`);
    const record = decodeRecord(d, r, i);
    if (record?.type === 'headerMatch') {
      if (version === null) {
        version = record.version;
        d.version = record.version;
        checkHeaderMatch(d, record, r, i);
      } else {
        d.warnings.push({ offset: r.base, message: `${r.segment}: a second HeaderMatch` });
      }
    }
    if (record) records.push(record);
    if (i === 0 && version === null) {
      d.warnings.push({
        offset: 0,
        message: 'temp.xg record 0: not a HeaderMatch; file version unknown, all fields decoded',
      });
    }
  }
  if (count === 0) d.warnings.push({ offset: 0, message: 'temp.xg holds no record' });
  return { version, records, warnings: d.warnings };
}

/** Record `i`, read by `r`, by its type; null (with a warning) for a type without a layout. */
function decodeRecord(d: Decoder, r: ByteReader, i: number): XgRecord | null {
  const type = r.u8(8);
  switch (type) {
    case 0:
      return d.headerMatch(r, i);
    case 1:
      return d.headerGame(r, i);
    case 2:
      return d.cube(r, i);
    case 3:
      return d.move(r, i);
    case 4:
      return d.footerGame(r, i);
    case 5:
      return d.footerMatch(r, i);
    case 7:
      return d.missing(r, i);
    default: {
      const name = TYPE_NAMES[type];
      d.warnings.push({
        offset: r.base + 8,
        message: `${r.segment}: ${name ? `record type ${type} (${name}) has no layout` : `unknown record type ${type}`}; skipped`,
      });
      return null;
    }
  }
}

/** Warns when the file's HeaderMatch is not its first record, or has a bad magic or version. */
function checkHeaderMatch(d: Decoder, hm: XgHeaderMatch, r: ByteReader, i: number): void {
  if (i !== 0) {
    d.warnings.push({ offset: r.base, message: `${r.segment}: the HeaderMatch is not the first record` });
  }
  if (hm.magic !== XG_RECORD_MAGIC) {
    d.warnings.push({
      offset: r.base + 556,
      message: `${r.segment}: HeaderMatch magic 0x${hm.magic.toString(16)} is not DMLI`,
    });
  }
  if (hm.version < 1 || hm.version > XG_MAX_FILE_VERSION) {
    d.warnings.push({
      offset: r.base + 552,
      message: `${r.segment}: file version ${hm.version} is outside 1..${XG_MAX_FILE_VERSION}`,
    });
  }
}

/** `TRolloutContext` (2184 bytes, `temp.xgr`): settings and results of one rollout (formats.md §1.11). */
export interface XgRolloutContext {
  /** 0-based index in `temp.xgr` (what `RolloutIndexD`/`RolloutIndexM` refer to). */
  readonly index: number;
  /** Byte offset in the inflated `temp.xgr`. */
  readonly offset: number;
  /** Truncated rollout. */
  readonly truncated: boolean;
  /** Stops when the confidence interval is under {@link errorLimit}. */
  readonly errorLimited: boolean;
  /** Truncation level. */
  readonly truncate: number;
  /** Minimum games to roll. */
  readonly minRoll: number;
  /** Confidence interval that stops the rollout. */
  readonly errorLimit: number;
  /** Maximum games to roll. */
  readonly maxRoll: number;
  /** Checker-play level before {@link levelCut}. */
  readonly level1: number;
  /** Checker-play level from {@link levelCut} on. */
  readonly level2: number;
  /** Cut-off between level1 and level2. */
  readonly levelCut: number;
  /** Variance reduction used. */
  readonly variance: boolean;
  /** Cubeless rollout. */
  readonly cubeless: boolean;
  /** Time-limited. */
  readonly time: boolean;
  /** Cube level before {@link levelCut}. */
  readonly level1C: number;
  /** Cube level from {@link levelCut} on. */
  readonly level2C: number;
  /** Time limit, minutes. */
  readonly timeLimit: number;
  /** At the bear-off database: 0 if dead cube, 1 always, 2 never truncate. */
  readonly truncateBO: number;
  /** Seed used (user seed + position hash). */
  readonly randomSeed: number;
  /** Seed entered by the user. */
  readonly randomSeedI: number;
  /** Both lines rolled (ND and D/T). */
  readonly rollBoth: boolean;
  /** Search interval (1 normal, 1.5 large, 2 huge, 4 gigantic). */
  readonly searchInterval: number;
  /** Unused. */
  readonly met: number;
  /** First-roll rollout. */
  readonly firstRoll: boolean;
  /** Both lines rolled in a multiple rollout. */
  readonly doDouble: boolean;
  /** The rollout was extended. */
  readonly extent: boolean;
  /** Games rolled. */
  readonly rolled: number;
  /** A double happens immediately. */
  readonly doubleFirst: boolean;
  /** Sum of equities per first roll (37 slots). */
  readonly sum1: readonly number[];
  /** Sum of squared equities per first roll. */
  readonly sumSquare1: readonly number[];
  /** D/T line: sum of equities per first roll. */
  readonly sum2: readonly number[];
  /** D/T line: sum of squared equities per first roll. */
  readonly sumSquare2: readonly number[];
  /** Standard deviation per first roll. */
  readonly stdev1: readonly number[];
  /** D/T line: standard deviation per first roll. */
  readonly stdev2: readonly number[];
  /** Games rolled per first roll. */
  readonly rolledD: readonly number[];
  /** 95% confidence interval. */
  readonly error1: number;
  /** D/T line: 95% confidence interval. */
  readonly error2: number;
  /** Result (TResult order; [6] = equity). */
  readonly result1: XgEval;
  /** D/T line: result. */
  readonly result2: XgEval;
  /** ND line as MWC. */
  readonly mwc1: number;
  /** D/T line as MWC. */
  readonly mwc2: number;
  /** Analysis level before the rollout (to remove it). */
  readonly prevLevel: number;
  /** Evaluation before the rollout. */
  readonly prevEval: XgEval;
  /** ND equity before the rollout. */
  readonly prevND: number;
  /** D equity before the rollout. */
  readonly prevD: number;
  /** Duration, seconds (`single` per xg_format.pas). */
  readonly duration: number;
  /** Level used at truncation. */
  readonly levelTrunc: number;
  /** D/T line: games rolled. */
  readonly rolled2: number;
  /** Multiple rollout: minimum games. */
  readonly multipleMin: number;
  /** Multiple rollout: stop all when one move reaches {@link multipleStopAllValue}. */
  readonly multipleStopAll: boolean;
  /** Multiple rollout: stop a move under {@link multipleStopOneValue}. */
  readonly multipleStopOne: boolean;
  /** e.g. 99.9 (%). */
  readonly multipleStopAllValue: number;
  /** e.g. 0.01 (%). */
  readonly multipleStopOneValue: number;
  /** ND and D/T: checker plays use the D/T cube position. */
  readonly asTake: boolean;
  /** 0 = 36 dice, 1 = 21 dice (XG1), 2 = 30 dice. */
  readonly rotation: number;
  /** Interrupted by the user. */
  readonly userInterrupted: boolean;
  /** Major version of XG that rolled it. */
  readonly verMaj: number;
  /** Minor version. */
  readonly verMin: number;
}

/** Decodes `temp.xgr` into its rollout contexts; trailing bytes that make no whole record give a warning. */
export function decodeXgRollouts(
  data: Uint8Array,
  file: string,
): { rollouts: XgRolloutContext[]; warnings: XgWarning[] } {
  const warnings: XgWarning[] = [];
  const rollouts: XgRolloutContext[] = [];
  const whole = new ByteReader(data, file, 'temp.xgr');
  const count = Math.floor(data.length / XG_ROLLOUT_SIZE);
  if (data.length % XG_ROLLOUT_SIZE !== 0) {
    warnings.push({
      offset: count * XG_ROLLOUT_SIZE,
      message: `temp.xgr: ${data.length % XG_ROLLOUT_SIZE} trailing bytes after the last whole ${XG_ROLLOUT_SIZE}-byte record ignored`,
    });
  }
  for (let i = 0; i < count; i++) {
    const r = whole.sub(i * XG_ROLLOUT_SIZE, XG_ROLLOUT_SIZE, `temp.xgr record ${i}`);
    rollouts.push({
      index: i,
      offset: r.base,
      truncated: r.bool(0),
      errorLimited: r.bool(1),
      truncate: r.i32(4),
      minRoll: r.i32(8),
      errorLimit: r.f64(16),
      maxRoll: r.i32(24),
      level1: r.i32(28),
      level2: r.i32(32),
      levelCut: r.i32(36),
      variance: r.bool(40),
      cubeless: r.bool(41),
      time: r.bool(42),
      level1C: r.i32(44),
      level2C: r.i32(48),
      timeLimit: r.u32(52),
      truncateBO: r.i32(56),
      randomSeed: r.i32(60),
      randomSeedI: r.i32(64),
      rollBoth: r.bool(68),
      searchInterval: r.f32(72),
      met: r.i32(76),
      firstRoll: r.bool(80),
      doDouble: r.bool(81),
      extent: r.bool(82),
      rolled: r.i32(84),
      doubleFirst: r.bool(88),
      sum1: r.f64Array(96, 37),
      sumSquare1: r.f64Array(392, 37),
      sum2: r.f64Array(688, 37),
      sumSquare2: r.f64Array(984, 37),
      stdev1: r.f64Array(1280, 37),
      stdev2: r.f64Array(1576, 37),
      rolledD: r.i32Array(1872, 37),
      error1: r.f32(2020),
      error2: r.f32(2024),
      result1: r.f32Array(2028, 7),
      result2: r.f32Array(2056, 7),
      mwc1: r.f32(2084),
      mwc2: r.f32(2088),
      prevLevel: r.i32(2092),
      prevEval: r.f32Array(2096, 7),
      prevND: r.f32(2124),
      prevD: r.f32(2128),
      duration: r.f32(2132),
      levelTrunc: r.i32(2136),
      rolled2: r.i32(2140),
      multipleMin: r.i32(2144),
      multipleStopAll: r.bool(2148),
      multipleStopOne: r.bool(2149),
      multipleStopAllValue: r.f32(2152),
      multipleStopOneValue: r.f32(2156),
      asTake: r.bool(2160),
      rotation: r.i32(2164),
      userInterrupted: r.bool(2168),
      verMaj: r.u16(2170),
      verMin: r.u16(2172),
    });
  }
  return { rollouts, warnings };
}

/**
 * Decodes `temp.xgc`: one RTF document per comment, each ended by CR LF; embedded line breaks are stored
 * as the bytes 0x01 0x02 and come back as CR LF. Entry i is the comment whose index (`CommentMove`,
 * `CommentCube`, …) is i. Bytes are Windows-1252 (RTF escapes the rest as `\'xx`). The RTF is returned
 * as is.
 */
export function decodeXgComments(data: Uint8Array): string[] {
  const out: string[] = [];
  let start = 0;
  const n = data.length;
  for (let i = 0; i <= n; i++) {
    const atEnd = i === n;
    if (atEnd || (data[i] === 0x0d && data[i + 1] === 0x0a)) {
      if (!atEnd || i > start) out.push(decodeComment(data.subarray(start, i)));
      start = i + 2;
      i++;
    }
  }
  return out;
}

/** One comment line: 0x01 0x02 → CR LF, then Windows-1252. */
function decodeComment(line: Uint8Array): string {
  const text = decodeWin1252(line);
  return text.replaceAll('\u0001\u0002', '\r\n');
}
