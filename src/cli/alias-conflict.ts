/**
 * The rule every way of giving aliases keeps (`bdb alias add`, `--alias`, the configuration's `aliases`):
 * a spelling is counted as a person in one step, so no cycle and no chain, within one source
 * ({@link aliasConflict}) and in the one map a command makes of them all ({@link mergeAliases}).
 * Imports nothing.
 */

/**
 * Why counting `other` as the person `name` cannot be added to the aliases (alias → canonical name), or
 * null when it can. A spelling is counted as a person in one step (no chains), so the alias would be a
 * cycle when `name` is already counted as `other` (adding it would swap the two silently), and a chain that
 * does not work when `name` is itself an alias or `other` already has aliases of its own.
 */
export function aliasConflict(
  aliases: ReadonlyMap<string, string>,
  name: string,
  other: string,
): string | null {
  if (name === other) return `'${name}' cannot be an alias of itself`;
  const owner = aliases.get(name);
  if (owner === other)
    return `'${name}' is already counted as '${other}': counting '${other}' as '${name}' would make a cycle (remove the alias '${name}' first)`;
  if (owner !== undefined)
    return `'${name}' is itself counted as '${owner}': count '${other}' as '${owner}' instead`;
  const own = [...aliases].filter(([, n]) => n === other).map(([a]) => `'${a}'`);
  if (own.length > 0)
    return `'${other}' has aliases of its own (${own.join(', ')}): count them as '${name}' first`;
  return null;
}

/** One alias as a source gives it: the spelling `alias` counted as the person `name`, and where it comes from. */
export interface AliasEntry {
  readonly alias: string;
  readonly name: string;
  /** Where it comes from, as the user would find it: `--alias NAME=OTHER`, the configuration's file … */
  readonly from: string;
}

/**
 * The one alias map a command uses (alias → canonical name, with where each comes from), made from the
 * sources in their order of precedence, lowest first — the library's stored aliases, then the
 * configuration's, then `--alias` — a later one winning for the same spelling (as an option on the command
 * line wins over the configuration). Then the map is checked whole: an alias of itself, a cycle (two
 * spellings counted as each other) or a chain (a spelling counted as a name that is itself counted as
 * another) is refused, whichever sources the two aliases come from. Returns the map, or the one line
 * saying what is wrong, naming both aliases and where each comes from.
 */
export function mergeAliases(
  sources: readonly (readonly AliasEntry[])[],
): { readonly aliases: Map<string, AliasEntry> } | { readonly conflict: string } {
  const aliases = new Map<string, AliasEntry>();
  for (const source of sources)
    for (const e of source) {
      aliases.delete(e.alias);
      aliases.set(e.alias, e);
    }
  for (const e of aliases.values())
    if (e.alias === e.name) return { conflict: `'${e.alias}' cannot be an alias of itself (${e.from})` };
  for (const e of aliases.values()) {
    const next = aliases.get(e.name);
    if (next === undefined) continue;
    const both = `'${e.alias}' is counted as '${e.name}' (${e.from}) and '${e.name}' as '${next.name}' (${next.from})`;
    return {
      conflict:
        next.name === e.alias
          ? `${both}: together they would make a cycle (remove one of them)`
          : `${both}: together they would make a chain, and a spelling is counted as a person in one step ` +
            `(count '${e.alias}' as '${next.name}' instead)`,
    };
  }
  return { aliases };
}
