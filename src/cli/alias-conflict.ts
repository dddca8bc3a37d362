/**
 * The rule every way of giving aliases keeps (`bdb alias add`, `--alias`, the configuration's `aliases`):
 * a spelling is counted as a person in one step, so no cycle and no chain. Imports nothing.
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
