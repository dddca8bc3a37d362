/**
 * The review's charts on small hand-built series: exact terminal strings, and the SVG elements (one <rect> per
 * decision with ℓ > 0, one <polyline> per player) with escaped names; the HTML page around them.
 */
import { describe, expect, test } from 'vitest';
import {
  barRow,
  blockChar,
  cumulativeLoss,
  escapeXml,
  niceCeil,
  renderCumulativeChart,
  renderLossBars,
  svgCumulative,
  svgLossBars,
  wrapChars,
} from '../../../src/report/charts.js';
import { renderReviewHtml } from '../../../src/report/html.js';
import type { MatchReview, PlayerReview, ReviewSeries } from '../../../src/review/review.js';

/** Two games; A: 1, 0.5 | 0; B: 0 | 2, 0.25 (% MWC). */
const SERIES: ReviewSeries = {
  points: [
    { index: 1, game: 1, player: 0, lossPct: 1 },
    { index: 2, game: 1, player: 1, lossPct: 0 },
    { index: 3, game: 1, player: 0, lossPct: 0.5 },
    { index: 4, game: 2, player: 1, lossPct: 2 },
    { index: 5, game: 2, player: 0, lossPct: 0 },
    { index: 6, game: 2, player: 1, lossPct: 0.25 },
  ],
};

const HOSTILE = `<script>alert("x")</script> & 'Bob'`;

describe('terminal charts', () => {
  test('blocks scale to the max by ⌈8 v / max⌉; 0 is blank', () => {
    expect(blockChar(0, 2)).toBe(' ');
    expect(blockChar(2, 2)).toBe('█');
    expect(blockChar(1, 2)).toBe('▄');
    expect(blockChar(0.01, 2)).toBe('▁');
    expect(blockChar(1, 0)).toBe(' ');
    expect(
      barRow(
        SERIES.points.filter((p) => p.player === 1),
        2,
      ),
    ).toBe(' │█▁');
    expect(wrapChars('▁▂▃▄▅', 2)).toEqual(['▁▂', '▃▄', '▅']);
  });

  test('per-decision bars of both players', () => {
    expect(renderLossBars(SERIES, ['A', 'B'])).toEqual([
      'MWC lost per decision, in match order: one column per counted decision, │ = next game,',
      'blank = nothing lost, █ = 2.00 % (the largest loss of both players)',
      'A: 3 decisions, 2 losing MWC, total 1.50 %',
      '  ▄▂│',
      'B: 3 decisions, 2 losing MWC, total 2.25 %',
      '   │█▁',
    ]);
  });

  test('long rows wrap within the width', () => {
    const points = Array.from({ length: 250 }, (_, i) => ({
      index: i + 1,
      game: 1 + Math.floor(i / 50),
      player: 0 as const,
      lossPct: (i % 7) + 1,
    }));
    const lines = renderLossBars({ points }, ['A', 'B'], 100);
    for (const l of lines) expect([...l].length).toBeLessThanOrEqual(100);
    expect(lines.filter((l) => l.startsWith('  '))).toHaveLength(3); // 254 columns in rows of 98
  });

  test('cumulative curves: exact plot', () => {
    expect(cumulativeLoss(SERIES)).toEqual([
      [1, 1, 1.5, 1.5, 1.5, 1.5],
      [0, 0, 0, 2, 2, 2.25],
    ]);
    expect(renderCumulativeChart(SERIES, ['A', 'B'], { height: 5 })).toEqual([
      'Cumulative MWC loss (% MWC) by decision number in the match',
      '2.40 ┤     o',
      '1.80 ┤  *##*',
      '1.20 ┤** o',
      '0.60 ┤   o',
      '0.00 ┤ooo',
      '     └──────',
      '      1    6',
      '      decision number (both players, match order)',
      '  * A (1.50 %)   o B (2.25 %)   # both',
    ]);
  });

  test('default size: 60 × 13 cells at most, ≤ 100 columns, deterministic', () => {
    const points = Array.from({ length: 300 }, (_, i) => ({
      index: i + 1,
      game: 1 + Math.floor(i / 40),
      player: (i % 2) as 0 | 1,
      lossPct: (i * 7) % 5 === 0 ? 0.8 : 0,
    }));
    const a = renderCumulativeChart({ points }, ['A', 'B']);
    expect(a).toEqual(renderCumulativeChart({ points }, ['A', 'B']));
    expect(a.filter((l) => /[┤│]/.test(l))).toHaveLength(13);
    for (const l of a) expect([...l].length).toBeLessThanOrEqual(100);
    expect(a.find((l) => l.includes('└'))).toMatch(/└─{60}$/);
  });

  test('nice axis ends', () => {
    expect(niceCeil(51.2)).toBe(60);
    expect(niceCeil(2.25)).toBe(2.4);
    expect(niceCeil(11.82)).toBe(12);
    expect(niceCeil(0.3)).toBe(0.3);
    expect(niceCeil(0)).toBe(1);
  });
});

describe('SVG charts', () => {
  test('one <rect> per decision with ℓ > 0, one <polyline> per player, names escaped', () => {
    const bars = svgLossBars(SERIES, [HOSTILE, 'B']);
    expect(bars.match(/<rect /g)).toHaveLength(4);
    expect(bars.match(/<svg /g)).toHaveLength(1);
    const curves = svgCumulative(SERIES, [HOSTILE, 'B']);
    expect(curves.match(/<polyline /g)).toHaveLength(2);
    expect(curves.match(/<rect /g)).toBeNull();
    for (const svg of [bars, curves]) {
      expect(svg).not.toContain('<script>');
      expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Bob&#39;');
    }
  });

  test('the curves end at each player’s total', () => {
    const curves = svgCumulative(SERIES, ['A', 'B']);
    // y axis 0…2.4 over 290 px from y = 350: A ends at 1.5, B at 2.25
    const ends = [...curves.matchAll(/points="([^"]+)"/g)].map((m) => m[1]!.split(' ').at(-1));
    expect(ends).toEqual([
      `1080,${350 - (1.5 / 2.4) * 290}`,
      `1080,${Math.round((350 - (2.25 / 2.4) * 290) * 100) / 100}`,
    ]);
  });

  test('a phone’s charts: 360 wide, text of 12 px and more, the legend one line a player', () => {
    for (const svg of [
      svgLossBars(SERIES, ['A', 'B'], { width: 360 }),
      svgCumulative(SERIES, ['A', 'B'], { width: 360 }),
    ]) {
      expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 360 /);
      const sizes = [...svg.matchAll(/font-size="(\d+)"/g)].map((m) => Number(m[1]));
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12);
      // no text starts past the chart's right edge
      for (const m of svg.matchAll(/<text x="([\d.]+)"/g)) expect(Number(m[1])).toBeLessThanOrEqual(360);
    }
    const legend = svgCumulative(SERIES, ['A', 'B'], { width: 360 }).match(/<text x="38" y="(\d+)"/g);
    expect(legend).toEqual(['<text x="38" y="44"', '<text x="38" y="64"']);
  });

  test('escapeXml', () => {
    expect(escapeXml(`a<b>&"c'`)).toBe('a&lt;b&gt;&amp;&quot;c&#39;');
  });
});

function player(name: string, seat: 0 | 1): PlayerReview {
  const none = { low: null, high: null, reason: 'one game' };
  return {
    player: name,
    seat,
    pr: 5,
    prInterval: none,
    l7Pct: null,
    l7Interval: none,
    level: 'Expert',
    decisions: 3,
    mwcLossPct: 1.5,
    errors: 0,
    avoidableErrors: 0,
    toReview: [],
    listed: null,
    luck: {
      resultPct: null,
      luckPct: null,
      adjustedPct: null,
      errorGapPct: null,
      rollsWithLuck: 0,
      rollsPlayed: 0,
      coveragePct: null,
      reason: null,
    },
    haste: { checker: null, cube: null, reason: 'no move times in this file' },
  } as PlayerReview;
}

describe('HTML page', () => {
  const review: MatchReview = {
    file: 'm<1>.xg',
    format: 'xg',
    matchLength: 5,
    players: [HOSTILE, 'B'],
    games: 2,
    finalScore: [5, 2],
    winner: HOSTILE,
    settings: { thresholds: { errorMpt: 20, blunderMpt: 80 }, difficultyTau: 0.025 },
    reviews: [player(HOSTILE, 0), player('B', 1)],
    list: null,
    series: SERIES,
    // a file names its analyser: escaped like every other text it gives
    audit: {
      analysis: [{ analyser: HOSTILE, checkerDepth: '4-ply', cubeDepth: null, matches: 1 }],
      belowBmab: 1,
    },
  };

  test('standalone HTML5: doctype, UTF-8, title, two SVGs, everything escaped, nothing external', () => {
    const html = renderReviewHtml(review);
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    // the title: the players (no event or date in this review), the file's name under it
    expect(html).toContain(
      '<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Bob&#39; vs B — match review</title>',
    );
    expect(html).toContain('· m&lt;1&gt;.xg</p>');
    expect(html).toContain(
      '<p class="sub">Analysis: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Bob&#39; 4-ply (1 match); 1 below BMAB&#39;s norm',
    );
    expect(html).toContain(
      '<h1>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Bob&#39; vs B — match review</h1>',
    );
    // two charts, each for a wide screen and for a phone
    expect(html.match(/<svg /g)).toHaveLength(4);
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/<link|src=|@import|url\(/);
    expect(html).toContain('PR (95 % interval)');
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });

  test('money: no charts, says so', () => {
    const html = renderReviewHtml({ ...review, matchLength: 0, series: null });
    expect(html).not.toContain('<svg');
    expect(html).toContain('Charts: none (money session');
  });
});
