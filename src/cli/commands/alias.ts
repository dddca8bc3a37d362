/**
 * `bdb alias add NAME OTHER | remove OTHER | list`: spellings stored in the library, so every command run
 * on it (`--library`) counts OTHER as the person NAME without `--alias` being typed.
 */

import Table from 'cli-table3';
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { addAlias, removeAlias, storedAliases } from '../../library/aliases.js';
import { rebuildTotals } from '../../library/totals.js';
import { compact, plain } from '../../report/cli-table.js';
import { jsonHead, renderJson } from '../../report/json.js';
import { EXIT, type ExitCode } from '../exit.js';
import { libraryOption, withLibrary } from '../library-input.js';

interface AliasOptions {
  library?: string;
  json?: boolean;
}

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
      await addAlias(lib, name, other);
      await rebuildTotals(lib);
      process.stdout.write(`${other} is counted as ${name}\n`);
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
            process.stdout.write(`${other} is no longer an alias\n`);
            return EXIT.ok;
          }
          process.stderr.write(`bdb: ${other}: no such alias\n`);
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
        if (opts.json) process.stdout.write(renderJson({ ...jsonHead('alias-list'), aliases: list }));
        else if (list.length === 0) process.stdout.write('No stored aliases.\n');
        else {
          const t = new Table({ head: ['name', 'alias'], style: plain });
          for (const a of list) t.push([a.name, a.alias]);
          process.stdout.write(`${compact(t)}\n`);
        }
        return EXIT.ok;
      });
    });
}
