/**
 * The analysis a player's figures mix, in words (every command's aggregate: `bdb stats`, `biases`, `plan`,
 * `review`, `progress`, `scout`, `study`, `tournament review`, `report`): "Analysis: XG 4-ply, cube 2-ply
 * (3 matches), gnuBG 1.07 4-ply (79); 82 below BMAB's norm" (docs/glossary.md, "Analysis mix"), and the
 * same two figures under their JSON keys (`analysis`, `belowBmab`, as `bdb stats --json`).
 */
import { wrapText } from '../core/text-width.js';
import type { AnalysisAudit, AnalysisShare } from '../metrics/analysis-mix.js';
import { escapeXml } from './charts.js';

/** The analyser's short name: "gnuBG 1.07", "XG 2.19", "XG" (XG's binary files carry no version). */
export function analyserLabel(program: string): string {
  const gnubg = /^GNU Backgammon (\d+\.\d+)/.exec(program);
  if (gnubg) return `gnuBG ${gnubg[1]}`;
  const xg = /^eXtreme Gammon(?: (\d+\.\d+))?/i.exec(program);
  if (xg) return xg[1] === undefined ? 'XG' : `XG ${xg[1]}`;
  return program;
}

/** The depths of one analysis: "4-ply", "4-ply, cube 2-ply", "cube Roller++", "depth unknown". */
function depthsLabel(checkerDepth: string | null, cubeDepth: string | null): string {
  // after "XG", XG's "XG Roller++" is "Roller++"
  const [checker, cube] = [checkerDepth, cubeDepth].map((d) => d?.replace(/^XG /, '') ?? null);
  if (checker === null) return cube === null ? 'depth unknown' : `cube ${cube}`;
  return cube === null || cube === checker ? checker! : `${checker}, cube ${cube}`;
}

/**
 * The mix in words: each analysis and its matches, the first saying "matches". Analyses that read the same
 * are said once with their matches added ("gnuBG 1.07 1-ply (3)", not "(1), … (2)"): the analyser's full
 * string may differ where its short name does not ("GNU Backgammon 1.07.001" and "… -mingw 32-Bit"), and a
 * cube depth unknown reads as one equal to the checker depth. The JSON keeps each analysis as stored.
 */
export function analysisMixWords(mix: readonly AnalysisShare[]): string {
  const byLabel = new Map<string, number>();
  for (const s of mix) {
    const label = `${analyserLabel(s.analyser)} ${depthsLabel(s.checkerDepth, s.cubeDepth)}`;
    byLabel.set(label, (byLabel.get(label) ?? 0) + s.matches);
  }
  return [...byLabel]
    .map(([label, matches], i) => {
      const n = i === 0 ? `${matches} match${matches === 1 ? '' : 'es'}` : String(matches);
      return `${label} (${n})`;
    })
    .join(', ');
}

/** What BMAB's norm says of a player's matches, in words (empty when every one meets it). */
export function belowBmabWords(below: number): string {
  return below === 0 ? '' : `; ${below} below BMAB's norm (XG, World Class or higher)`;
}

/**
 * One line per person: "Analysis: …" for a person alone, "Analysis, NAME: …" for each of several; nothing
 * for a person without analysed matches or whose stored total predates the figure.
 */
export function analysisLines(
  players: readonly {
    readonly player: string;
    readonly figures: {
      readonly analysis: readonly AnalysisShare[] | null;
      readonly belowBmab: number | null;
    };
  }[],
): string[] {
  const shown = players.filter((p) => (p.figures.analysis?.length ?? 0) > 0);
  return shown.map((p) => {
    const who = shown.length === 1 ? 'Analysis' : `Analysis, ${p.player}`;
    return `${who}: ${analysisMixWords(p.figures.analysis ?? [])}${belowBmabWords(p.figures.belowBmab ?? 0)}`;
  });
}

/**
 * The audit line of one person or one match ("Analysis: …", "Analysis, WHO: …" with `who`), or null without
 * an analysed match.
 */
export function auditLine(audit: AnalysisAudit, who?: string): string | null {
  const line = analysisLines([{ player: '', figures: audit }])[0];
  if (line === undefined) return null;
  return who === undefined ? line : `Analysis, ${who}${line.slice('Analysis'.length)}`;
}

/** The audit line wrapped to `width` columns (none without an analysed match). */
export function auditLines(audit: AnalysisAudit, width: number): string[] {
  const line = auditLine(audit);
  return line === null ? [] : wrapText(line, width);
}

/** The audit line as an HTML paragraph of `cls` after a newline (nothing without an analysed match). */
export function auditParagraph(audit: AnalysisAudit, cls = 'sub'): string {
  const line = auditLine(audit);
  return line === null ? '' : `\n<p class="${cls}">${escapeXml(line)}</p>`;
}

/** The audit under the keys of `bdb stats --json`: `analysis` (a copy of the list) and `belowBmab`. */
export function jsonAudit(audit: AnalysisAudit): {
  analysis: AnalysisShare[] | null;
  belowBmab: number | null;
} {
  return { analysis: audit.analysis === null ? null : [...audit.analysis], belowBmab: audit.belowBmab };
}
