/** `bdb plan`'s typed result and how its tables are laid out. */
import type { ThemeCoverage } from '../../metrics/theme-coverage.js';
import type { JsonSettings } from '../json.js';
import type { PlanTextOptions, PlayerPlan } from '../plan.js';

/** What a run gives: the persons followed (each plan made when asked), with the matches counted. */
export interface PlanResult {
  readonly settings: JsonSettings & { readonly referencePositions: { size: number; rhoPips: number } };
  readonly preset: string;
  readonly errorMpt: number;
  /** Matches counted (with `--player`, those of the persons named). */
  readonly read: number;
  /** The themes named over every person followed, and whether any of them had an analysed decision. */
  readonly coverage: ThemeCoverage;
  readonly analysed: boolean;
  readonly persons: readonly string[];
  /** A person's plan, made when asked: its families list every error read, so JSON makes one at a time. */
  plan(person: string): PlayerPlan;
  readonly failures: readonly { file: string; message: string }[];
  readonly duplicates: readonly { file: string; sameAs: string }[];
}

/** The tables' layout: width, boards, the whole plan or the short one. */
export type PlanView = PlanTextOptions & { readonly width: number };
