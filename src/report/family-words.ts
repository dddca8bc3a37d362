/**
 * The study families, game plans and phases in plain words, for the HTML pages: a family is written
 * `plan/nature/theme` by `bdb plan` (docs/glossary.md), from the tokens of the classifiers (the game plans of
 * spec/classifier.md §1 and docs/themes.md §1, the phases of §2, the checker themes of docs/themes.md §4, the
 * cube error cells of spec/classifier.md §3a). Each word here says what the rule measures: the played move
 * compared with the best one. An unknown token is shown as it is.
 */

const PLANS: Readonly<Record<string, string>> = {
  race: 'Race',
  bearin: 'Bearing in against an anchor',
  crunch: 'Crunched position',
  backgame: 'Back game',
  acepoint: 'Ace-point game',
  blitz: 'Blitz',
  primevprime: 'Prime against prime',
  mutualholding: 'Mutual holding game',
  holding: 'Holding game',
  contact: 'Contact game',
  unknown: 'Position unknown',
};

const PHASES: Readonly<Record<string, string>> = {
  opening: 'Opening',
  middlegame: 'Middle game',
  race: 'Race',
  bearoff: 'Bear-off',
};

const THEMES: Readonly<Record<string, string>> = {
  gammon: 'gave up gammon chances',
  bearoff: 'bore off fewer checkers',
  'pips-wasted': 'wasted pips bearing off',
  'checkers-outside': 'left more checkers outside the home board',
  crossovers: 'left more crossovers to make',
  gaps: 'left gaps in the home board',
  wastage: 'piled checkers on the low points',
  'missed-hit': 'missed a hit',
  'needless-hit': 'hit when the best play does not',
  blots: 'left more blots',
  exposure: 'left more shots',
  point: 'made fewer home-board points',
  'missed-point': 'missed making a point',
  'broken-point': 'broke a point',
  'missed-anchor': 'missed making an anchor',
  'broken-anchor': 'broke an anchor',
  'missed-prime': 'missed building a prime',
  'broken-prime': 'broke a prime',
  passive: 'too passive: safer, fewer wins',
  'too-safe': 'played too safe',
  'ran-back': 'ran back checkers the best play keeps',
  'stayed-back': 'kept back checkers the best play runs',
  stacking: 'stacked checkers',
  buried: 'buried checkers on the 1 and 2 points',
  'missed-slot': 'missed a slot',
  builders: 'fewer builders',
  'came-home': 'brought a checker home too soon',
  'stayed-out': 'left spares outside instead of bringing them home',
  'deep-back': 'left back checkers deeper',
  distribution: 'another distribution of the checkers',
  offer_missed: 'missed a double',
  offer_premature: 'doubled too soon (or when too good)',
  answer_wrong_pass: 'passed a take',
  answer_wrong_take: 'took a pass',
};

/** A game plan in words ('holding' → 'Holding game'). */
export function planWords(plan: string): string {
  return PLANS[plan] ?? plan;
}

/** A game phase in words ('middlegame' → 'Middle game'). */
export function phaseWords(phase: string): string {
  return PHASES[phase] ?? phase;
}

/**
 * A family in words: 'Holding game · checker play: left more blots'; with a score (a reference position's
 * group `plan|nature|theme|score`), ' · 3-away' and so on after it.
 */
export function familyWords(f: {
  readonly plan: string;
  readonly nature: string;
  readonly theme: string;
}): string {
  const nature = f.nature === 'cube' ? 'cube' : f.nature === 'checker' ? 'checker play' : f.nature;
  return `${planWords(f.plan)} · ${nature}: ${THEMES[f.theme] ?? f.theme}`;
}

/** A family given as `plan/nature/theme` (or a group `plan|nature|theme|score`) in words; as given otherwise. */
export function familyTextWords(text: string): string {
  const parts = text.split(/[/|]/);
  if (parts.length < 3) return text;
  const [plan, nature, theme, score] = parts as [string, string, string, string | undefined];
  return `${familyWords({ plan, nature, theme })}${score ? ` · ${score} away` : ''}`;
}
