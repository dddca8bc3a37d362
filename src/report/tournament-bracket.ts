/**
 * `bdb tournament bracket EVENT`: a knock-out's brackets as text, round by round, each match one line
 * ("Eve (5) – Dan (4)  → Dan"), a bye as "Ann (1) – bye", a side still to be decided as "…". The input
 * is plain data (src/tournament/format.ts's drawing), so the report layer does not depend on the
 * tournament code.
 */
import { FULL_WIDTH, wrapText } from '../core/text-width.js';
import { type JsonHead, jsonHead } from './json.js';

/** One match: its sides (a name, null for a bye's empty side, undefined while not known), winner and status. */
export interface BracketMatchView {
  readonly a: string | null | undefined;
  readonly b: string | null | undefined;
  readonly winner: string | null | undefined;
  /** played, bye, ready (both known, to play) or waiting (a side not known yet). */
  readonly status: string;
  /** A played match's result as recorded (the score the winner's points first); null otherwise. */
  readonly result?: { readonly score: string | null; readonly forfeit: boolean } | null;
  /**
   * The matches of the same bracket it takes a player from, each by its bracket round and its place in
   * that round's list (0 first): two for a match between two winners, one for a feed-in round's match
   * (its other player dropped from another bracket), none for a first round. Only the HTML page's
   * connector lines use them.
   */
  readonly feeders?: readonly { readonly bracketRound: number; readonly index: number }[];
}

export interface BracketView {
  readonly name?: string;
  /** The format in words. */
  readonly format: string;
  readonly seeds: Readonly<Record<string, number>>;
  readonly brackets: readonly {
    readonly name: string;
    /** The bracket's winner once decided. */
    readonly winner?: string | null;
    readonly rounds: readonly {
      readonly bracketRound: number;
      readonly round: number;
      readonly matches: readonly BracketMatchView[];
    }[];
  }[];
}

/** A bracket's title ("Main draw", "Losers' bracket"), or its name as the event gives it. */
export function bracketTitle(name: string): string {
  return TITLES[name] ?? name;
}

const TITLES: Readonly<Record<string, string>> = {
  main: 'Main draw',
  consolation: 'Consolation',
  'last-chance': 'Last chance',
  'second-consolation': 'Second consolation',
  losers: "Losers' bracket",
  final: 'Grand final',
};

/** The brackets as text within `width` columns. */
export function renderBracket(v: BracketView, width: number = FULL_WIDTH): string {
  const who = (p: string | null | undefined): string => {
    if (p === null) return 'bye';
    if (p === undefined) return '…';
    const seed = v.seeds[p];
    return seed === undefined ? p : `${p} (${seed})`;
  };
  const lines = [...wrapText(`${v.name ?? 'Tournament'} — ${v.format}`, width)];
  for (const b of v.brackets) {
    if (b.rounds.length === 0) continue;
    lines.push('', bracketTitle(b.name));
    for (const r of b.rounds) {
      lines.push(`  Round ${r.bracketRound} (event round ${r.round})`);
      for (const m of r.matches) {
        const a = m.a === null ? who(m.b) : who(m.a);
        const vs = m.a === null || m.b === null ? 'bye' : who(m.b);
        const result =
          m.status === 'played' || m.status === 'bye'
            ? `  → ${m.winner}`
            : m.status === 'ready'
              ? '  (to play)'
              : '';
        lines.push(...wrapText(`    ${a} – ${vs}${result}`, width));
      }
    }
  }
  return lines.join('\n');
}

/** One side of a match in the JSON: its player and seed; `decided` false while an earlier match decides it. */
export interface JsonBracketSide {
  readonly player: string | null;
  readonly seed: number | null;
  readonly decided: boolean;
}

/** `bdb tournament bracket --json` (docs/schema/tournament-bracket.schema.json). */
export interface JsonBracket extends JsonHead {
  readonly name: string | null;
  readonly format: string;
  readonly seeds: readonly { readonly seed: number; readonly player: string }[];
  readonly brackets: readonly {
    readonly name: string;
    readonly title: string;
    readonly winner: string | null;
    readonly rounds: readonly {
      readonly bracketRound: number;
      readonly round: number;
      readonly matches: readonly {
        readonly match: number;
        readonly status: string;
        readonly sides: readonly [JsonBracketSide, JsonBracketSide];
        readonly bye: string | null;
        readonly winner: string | null;
        readonly loser: string | null;
        readonly score: string | null;
        readonly forfeit: boolean | null;
      }[];
    }[];
  }[];
}

/** The brackets as JSON: every bracket, round and match, each side with its seed. */
export function jsonBracket(v: BracketView): JsonBracket {
  const seedOf = (p: string): number | null => (Object.hasOwn(v.seeds, p) ? v.seeds[p]! : null);
  const side = (p: string | null | undefined): JsonBracketSide =>
    p === undefined
      ? { player: null, seed: null, decided: false }
      : { player: p, seed: p === null ? null : seedOf(p), decided: true };
  return {
    ...jsonHead('tournament-bracket'),
    name: v.name ?? null,
    format: v.format,
    seeds: Object.entries(v.seeds)
      .map(([player, seed]) => ({ seed, player }))
      .sort((x, y) => x.seed - y.seed),
    brackets: v.brackets.map((b) => ({
      name: b.name,
      title: bracketTitle(b.name),
      winner: b.winner ?? null,
      rounds: b.rounds.map((r) => ({
        bracketRound: r.bracketRound,
        round: r.round,
        matches: r.matches.map((m, i) => {
          const played = m.status === 'played';
          const winner = played || m.status === 'bye' ? (m.winner ?? null) : null;
          return {
            match: i + 1,
            status: m.status,
            sides: [side(m.a), side(m.b)] as const,
            bye: m.status === 'bye' ? winner : null,
            winner,
            loser: played ? (m.winner === m.a ? (m.b ?? null) : (m.a ?? null)) : null,
            score: played ? (m.result?.score ?? null) : null,
            forfeit: played ? (m.result?.forfeit ?? false) : null,
          };
        }),
      })),
    })),
  };
}
