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

/** The signals a command stops on cleanly: Ctrl-C, and the polite request to end. */
export type StopSignal = 'SIGINT' | 'SIGTERM';

/**
 * The exit code of a command a signal stopped (`bdb import`): 128 plus the signal's number, as a shell
 * reports a process the signal ended (130 for Ctrl-C's SIGINT, 143 for SIGTERM), so a script tells a stop
 * from a failure.
 */
export const STOPPED: Readonly<Record<StopSignal, number>> = { SIGINT: 130, SIGTERM: 143 };
