/**
 * What the help of the commands says, and how a usage error points to it.
 */
import type { Command } from 'commander';

/** `bdb stats`, `bdb tournament pair`: the command as typed. */
export function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c !== null; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}
