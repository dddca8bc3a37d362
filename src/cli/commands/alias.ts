/**
 * `bdb alias add NAME OTHER | remove OTHER | list`: spellings stored in the library, so every command run
 * on it (`--library`) counts OTHER as the person NAME without `--alias` being typed.
 */

import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { addAlias, removeAlias, storedAliases, storedSpellings } from '../../library/aliases.js';
import type { Library } from '../../library/open.js';
import { rebuildTotals } from '../../library/totals.js';
import { aliasListJson } from '../../report/alias/json.js';
import { aliasListText } from '../../report/alias/text.js';
import type { AliasListResult } from '../../report/alias/types.js';
import { pickReporter, type Reporters, reporterName } from '../../report/reporter.js';
import type { TableView } from '../../report/view.js';
import { aliasConflict, mergeAliases } from '../alias-conflict.js';
import { configAliases, userConfig } from '../config.js';
import { EXIT, type ExitCode } from '../exit.js';
import { oneLine } from '../failure.js';
import { libraryOption, withLibrary } from '../library-input.js';
import { outputWidth, writeErr, writeLines, writeOut } from '../output.js';

interface AliasOptions {
  library?: string;
  json?: boolean;
  /** `--ascii`: the table drawn in plain ASCII. */
  ascii?: boolean;
}

/**
 * Why the stored aliases with `other` counted as `name` would make a cycle or a chain with the
 * configuration's aliases (./alias-conflict.ts `mergeAliases`, as a reading command merges them), or null.
 */
function withConfig(
  lib: Library,
  stored: ReadonlyMap<string, string>,
  name: string,
  other: string,
): string | null {
  const library = [...stored].map(([alias, n]) => ({
    alias,
    name: n,
    from: `stored in the library ${lib.path}`,
  }));
  const merged = mergeAliases([
    [...library, { alias: other, name, from: 'bdb alias add' }],
    configAliases(userConfig()),
  ]);
  return 'conflict' in merged ? merged.conflict : null;
}

/** The outputs of `alias list`. */
const ALIAS_LIST: Reporters<AliasListResult, TableView> = { text: aliasListText, json: aliasListJson };

/** Adds the `alias` command and its subcommands to the program. */
export function registerAlias(program: Command): void {
  const alias = program
    .command('alias')
    .description('names stored in the library: count another spelling as the same person');
  libraryOption(
    alias.command('add').description('count OTHER as the person NAME').argument('<name>').argument('<other>'),
  ).action(async (name: string, other: string, opts: AliasOptions) => {
    if (name === other) throw new UsageError('NAME and OTHER are the same spelling');
    process.exitCode = await withLibrary(opts.library, { readOnly: false, create: true }, async (lib) => {
      // a cycle or a chain would swap or split persons silently: refused, nothing written; among the
      // stored aliases, and in the map every reading command makes of them and the configuration's
      const stored = await storedAliases(lib);
      const conflict = aliasConflict(stored, name, other) ?? withConfig(lib, stored, name, other);
      if (conflict !== null) {
        writeErr(`bdb: ${oneLine(`alias add: ${conflict}`)}\n`);
        return EXIT.usage;
      }
      // a spelling no match has yet (a typo, or matches still to import): said, not refused
      const seen = await storedSpellings(lib);
      for (const n of [name, other].filter((x) => !seen.has(x)))
        writeErr(`bdb: ${oneLine(`warning: no match in the library has a player named '${n}' (yet)`)}\n`);
      await addAlias(lib, name, other);
      await rebuildTotals(lib);
      writeLines(`${other} is counted as ${name}\n`);
      return EXIT.ok;
    });
  });
  libraryOption(alias.command('remove').description('forget the alias OTHER').argument('<other>')).action(
    async (other: string, opts: AliasOptions) => {
      process.exitCode = await withLibrary(
        opts.library,
        { readOnly: false },
        async (lib): Promise<ExitCode> => {
          if (await removeAlias(lib, other)) {
            await rebuildTotals(lib);
            writeLines(`${other} is no longer an alias\n`);
            return EXIT.ok;
          }
          writeErr(`bdb: ${oneLine(`${other}: no such alias`)}\n`);
          return EXIT.someFailed;
        },
      );
    },
  );
  libraryOption(alias.command('list').description('the stored aliases'))
    .option('--json', 'print JSON (schemaVersion 2)')
    .action(async (opts: AliasOptions) => {
      process.exitCode = await withLibrary(opts.library, { readOnly: true }, async (lib) => {
        const list = [...(await storedAliases(lib))].map(([other, name]) => ({ name, alias: other }));
        const view = { width: outputWidth(), ascii: opts.ascii === true };
        pickReporter(ALIAS_LIST, reporterName(opts))({ aliases: list }, view, writeOut);
        return EXIT.ok;
      });
    });
}
