/**
 * The closest known names to one typed, for "no player 'kevin' — did you mean 'Kévin Unger'?": the same
 * name in another case or without accents first, then the smallest edit distance (Levenshtein, on the
 * lower-cased, accent-free forms), then the names containing the typed text.
 */

import { canonicalName } from '../metrics/match-report.js';

/** The name with the largest count (ties: the first in JavaScript string order); null when none. */
export function mostCounted(counts: ReadonlyMap<string, number>): string | null {
  let best: string | null = null;
  let most = -1;
  for (const [name, n] of counts)
    if (n > most || (n === most && best !== null && name < best)) {
      best = name;
      most = n;
    }
  return best;
}

/**
 * The person in most of the matches whose seats are given (canonical names under the aliases; a person in
 * both seats counts the match once; ties alphabetical, as spec/metrics.md §11 picks the reference player),
 * and every person seen.
 */
export function personInMostMatches(
  seats: Iterable<readonly [string, string]>,
  aliases: ReadonlyMap<string, string>,
): { person: string | null; names: string[] } {
  const counts = new Map<string, number>();
  for (const [a, b] of seats)
    for (const p of new Set([canonicalName(a, aliases), canonicalName(b, aliases)]))
      counts.set(p, (counts.get(p) ?? 0) + 1);
  return { person: mostCounted(counts), names: [...counts.keys()] };
}

/** 'A', 'A' and 'B', 'A', 'B' and 'C'. */
function listed(names: readonly string[]): string {
  const quoted = names.map((n) => `'${n}'`);
  const last = quoted.pop()!;
  return quoted.length > 0 ? `${quoted.join(', ')} and ${last}` : last;
}

/** A name as one shell word: as is when plain, else in single quotes. */
export function shellWord(s: string): string {
  return /^[\p{L}\p{N}_.,:@%+=-]+$/u.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Lower case without diacritics. */
function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function distance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!;
      prev[j] = Math.min(up + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length]!;
}

/** Up to `k` known names closest to `typed`, closest first. */
export function closestNames(typed: string, known: readonly string[], k = 3): string[] {
  const t = fold(typed);
  const score = (name: string): number => {
    const f = fold(name);
    if (f === t) return -2;
    if (f.includes(t) || t.includes(f)) return -1;
    return distance(t, f);
  };
  return [...new Set(known)]
    .map((name) => ({ name, s: score(name) }))
    .filter(({ s }) => s <= Math.max(1, Math.floor(t.length / 2)))
    .sort((a, b) => a.s - b.s || (a.name < b.name ? -1 : 1))
    .slice(0, k)
    .map(({ name }) => name);
}

/**
 * The line for an unknown name: "no player 'x' — did you mean 'A' or 'B'?" (or the names known); `close`:
 * the names to suggest (by default the closest known).
 */
export function unknownPlayerMessage(
  typed: string,
  known: readonly string[],
  close: readonly string[] = closestNames(typed, known),
): string {
  if (close.length > 0) {
    const list = close.map((n) => `'${n}'`);
    const last = list.pop()!;
    return `no player '${typed}' — did you mean ${list.length > 0 ? `${list.join(', ')} or ${last}` : last}?`;
  }
  const some = [...new Set(known)]
    .sort()
    .slice(0, 5)
    .map((n) => `'${n}'`);
  return `no player '${typed}'${some.length > 0 ? ` (players: ${some.join(', ')}${known.length > 5 ? ', …' : ''})` : ''}`;
}

/** The line for an unknown event: "no event 'x' — did you mean 'A' or 'B'?" (or the events known). */
export function unknownEventMessage(typed: string, known: readonly string[]): string {
  const close = closestNames(typed, known);
  if (close.length > 0) {
    const list = close.map((n) => `'${n}'`);
    const last = list.pop()!;
    return `no event '${typed}' — did you mean ${list.length > 0 ? `${list.join(', ')} or ${last}` : last}?`;
  }
  const events = [...new Set(known)].sort();
  if (events.length === 0) return `no event '${typed}' (no match has an event name)`;
  const some = events.slice(0, 5).map((n) => `'${n}'`);
  return `no event '${typed}' (events: ${some.join(', ')}${events.length > 5 ? ', …' : ''})`;
}

/** The names, as stored in these seats, that are `person` under the aliases. */
export function storedNames(
  seats: Iterable<readonly [string, string]>,
  person: string,
  aliases: ReadonlyMap<string, string>,
): Set<string> {
  const names = new Set<string>();
  for (const pair of seats) for (const n of pair) if (canonicalName(n, aliases) === person) names.add(n);
  return names;
}

/**
 * The persons named by `--player`, for every command that takes it. A name is the person of that exact
 * spelling (after the aliases: `--alias Kevin=Kévin Unger --player Kévin Unger` is Kevin); else the one person
 * whose name is the same up to case and accents ("kévin unger" is "Kévin Unger" when no other person folds to
 * it); else nobody, with the line saying so and the closest names ("no player 'kévin unger' — did you mean
 * 'Kévin UNGER' or 'Kévin Unger'?" when two persons fold to it).
 *
 * Who is meant is known only once every name is: while the matches are read, {@link see} notes each
 * match's seats and {@link keeps} tells the collectors whom to follow (anyone who may be meant); {@link
 * resolve} then settles it, after which {@link keeps} is exactly the persons meant and {@link matches}
 * counts their matches (the "over N matches" a report says, and the matches it lists).
 */
export class NamedPlayers {
  private readonly named: readonly {
    readonly typed: string;
    /** The canonical name of that exact spelling. */
    readonly person: string;
    /** The folded forms of the names it may mean: itself, its canonical name, those of the aliases it folds to. */
    readonly folds: ReadonlySet<string>;
  }[];
  private readonly aliases: ReadonlyMap<string, string>;
  /** Each match's seats seen, canonical names. */
  private readonly seats: (readonly [string, string])[] = [];
  private readonly known = new Set<string>();
  private resolved: ReadonlySet<string> | null = null;
  /** The name came from the configuration (`bdb config set player`), not the command line. */
  private readonly fromConfig: boolean;
  private everyone = false;
  private noted = false;
  private followNoted = false;

  /**
   * `typed`: the `--player` values as given; `aliases`: alias → canonical name; `fromConfig`: the name is
   * the configuration's player, a default: when it means nobody in the matches read, every person is
   * followed instead (as without `--player`), with a note saying so, not a failure.
   */
  constructor(typed: readonly string[], aliases: ReadonlyMap<string, string>, fromConfig = false) {
    this.aliases = aliases;
    this.fromConfig = fromConfig;
    this.named = typed.map((t) => {
      const person = canonicalName(t, aliases);
      const folds = new Set([fold(t), fold(person)]);
      for (const [other, name] of aliases) if (fold(other) === fold(t)) folds.add(fold(name));
      return { typed: t, person, folds };
    });
  }

  /** Notes the seats (as stored) of a match read. */
  see(seats: readonly [string, string]): void {
    const pair = [canonicalName(seats[0], this.aliases), canonicalName(seats[1], this.aliases)] as const;
    this.seats.push(pair);
    for (const p of pair) this.known.add(p);
  }

  /** Whether {@link resolve} has settled who was meant. */
  get isResolved(): boolean {
    return this.resolved !== null;
  }

  /** Whether a person (canonical name) is followed: before {@link resolve}, anyone who may be meant. */
  keeps(person: string): boolean {
    if (this.resolved !== null) return this.resolved.has(person);
    // the configuration's player may be in none of the matches: everyone may be followed then
    if (this.fromConfig) return true;
    const f = fold(person);
    return this.named.some((n) => n.person === person || n.folds.has(f));
  }

  /** Whether the configuration's player was in none of the matches, so that everyone is followed. */
  get followsEveryone(): boolean {
    return this.everyone;
  }

  /** Whether a person is exactly one of the names typed (after the aliases): meant, whoever else is seen. */
  isExact(person: string): boolean {
    return this.named.some((n) => n.person === person);
  }

  /**
   * Who was meant, among the persons seen: the persons found, one line for each name that means nobody
   * or more than one person, and notes (said on stderr, not failures): each other person whose name is the
   * same up to case and accents as a person found ("also 'Llabba' (69 matches): same person? …"), and,
   * for the configuration's player in none of the matches, that every person is followed instead. Settles
   * {@link keeps}.
   */
  resolve(): { persons: string[]; problems: string[]; notes: string[] } {
    const persons: string[] = [];
    const problems: string[] = [];
    for (const n of this.named) {
      if (this.known.has(n.person)) {
        persons.push(n.person);
        continue;
      }
      const close = [...this.known].filter((p) => n.folds.has(fold(p))).sort();
      if (close.length === 1) persons.push(close[0]!);
      else if (close.length > 1) problems.push(unknownPlayerMessage(n.typed, [...this.known], close));
      else problems.push(unknownPlayerMessage(n.typed, [...this.known]));
    }
    if (persons.length === 0 && this.fromConfig) {
      this.resolved = new Set(this.known);
      this.everyone = true;
      const all = [...this.known].sort();
      const whom = all.length <= 3 ? listed(all) : `all ${all.length} players`;
      const notes = all.length === 0 ? [] : [`${this.absentConfigured()}: showing ${whom}`];
      return { persons: [...this.resolved], problems: [], notes: this.once(notes) };
    }
    this.resolved = new Set(persons);
    return { persons: [...this.resolved], problems, notes: this.once(this.namesakes(persons)) };
  }

  /** The notes the first time they are asked for, none after: a route may settle the names twice. */
  private once(notes: string[]): string[] {
    if (this.noted) return [];
    this.noted = true;
    return notes;
  }

  /** "the configured player 'X' plays in none of the matches read". */
  private absentConfigured(): string {
    const typed = this.named.map((n) => `'${n.typed}'`).join(', ');
    return `the configured player ${typed} plays in none of the matches read`;
  }

  /**
   * For a command following one person, the note replacing {@link resolve}'s when the configuration's
   * player is in none of the matches: whom it follows instead (once, as {@link resolve}'s notes).
   */
  followingNote(person: string | null): string[] {
    if (!this.everyone || this.followNoted) return [];
    this.followNoted = true;
    return [`${this.absentConfigured()}: following '${person}', in most of them`];
  }

  /**
   * A line for each person seen, not followed, whose name is a followed person's up to case and accents
   * (names differing so are two persons until an alias makes them one), with their matches and the alias
   * that would merge them.
   */
  private namesakes(persons: readonly string[]): string[] {
    const notes: string[] = [];
    for (const p of persons) {
      const f = fold(p);
      for (const q of [...this.known].sort()) {
        if (q === p || this.resolved!.has(q) || fold(q) !== f) continue;
        const n = this.seats.filter(([a, b]) => a === q || b === q).length;
        notes.push(
          `also '${q}' (${n} match${n === 1 ? '' : 'es'}): same person? ` +
            `bdb alias add ${shellWord(p)} ${shellWord(q)} (library), or --alias ${shellWord(`${q}=${p}`)}`,
        );
      }
    }
    return notes;
  }

  /** The matches seen in which a person followed plays (after {@link resolve}). */
  matches(): number {
    return this.seats.filter(([a, b]) => this.keeps(a) || this.keeps(b)).length;
  }
}

/**
 * The person a command following one person follows, among the matches whose seats are given: the one
 * `--player` names (`named`), else the one in most matches (also when the configuration's player is in none of
 * them). `problem` says why nobody is followed when a name named nobody; `person` is null then, or when there
 * is no match; `notes`: the lines to say on stderr (namesakes, the fallback).
 */
export function followedPerson(
  named: NamedPlayers | null,
  seats: readonly (readonly [string, string])[],
  aliases: ReadonlyMap<string, string>,
): { person: string | null; problem: string | null; notes: string[] } {
  if (named === null) return { person: personInMostMatches(seats, aliases).person, problem: null, notes: [] };
  for (const pair of seats) named.see(pair);
  const { persons, problems, notes } = named.resolve();
  // the configuration's player in none of the matches: the one in most of them, as without --player
  if (!named.followsEveryone) return { person: persons[0] ?? null, problem: problems[0] ?? null, notes };
  const person = personInMostMatches(seats, aliases).person;
  return {
    person,
    problem: null,
    notes: named.followingNote(person),
  };
}
