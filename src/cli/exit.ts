/**
 * The exit codes of `bdb` (README): 0 every input read, 1 some input failed (or none was found), 2 usage
 * error. Each command's `runX` returns one, and its action sets `process.exitCode` to it.
 */
export const EXIT = { ok: 0, someFailed: 1, usage: 2 } as const;

/** One of the {@link EXIT} codes. */
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** What each code means, as every command's `--help` says it (a command may say more about code 1). */
export const EXIT_MEANING: Readonly<Record<ExitCode, string>> = {
  [EXIT.ok]: 'every input was read',
  [EXIT.someFailed]: 'some input failed, or none was found (the others are still read)',
  [EXIT.usage]: 'usage error: a bad option, argument or configuration file',
};
