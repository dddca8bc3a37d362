/**
 * `bdb tournament bracket EVENT`: a knock-out's brackets as text, round by round, each match one line
 * ("Eve (5) – Dan (4)  → Dan"), a bye as "Ann (1) – bye", a side still to be decided as "…". The input
 * is plain data (src/tournament/format.ts's drawing), so the report layer does not depend on the
 * tournament code.
 */
import { FULL_WIDTH, wrapText } from '../core/text-width.js';

export interface BracketView {
  readonly name?: string;
  readonly format: string;
  readonly seeds: Readonly<Record<string, number>>;
  readonly brackets: readonly {
    readonly name: string;
    readonly rounds: readonly {
      readonly bracketRound: number;
      readonly round: number;
      readonly matches: readonly {
        readonly a: string | null | undefined;
        readonly b: string | null | undefined;
        readonly winner: string | null | undefined;
        readonly status: string;
      }[];
    }[];
  }[];
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
    lines.push('', TITLES[b.name] ?? b.name);
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
