import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { libraryPath } from '../../../src/library/path.js';

describe('libraryPath', () => {
  it('--library, then BDB_LIBRARY, then $XDG_DATA_HOME/bdb, then ~/.local/share/bdb', () => {
    expect(libraryPath('my.duckdb', { BDB_LIBRARY: '/x/env.duckdb' })).toBe(resolve('my.duckdb'));
    expect(libraryPath(undefined, { BDB_LIBRARY: '/x/env.duckdb', XDG_DATA_HOME: '/d' })).toBe(
      '/x/env.duckdb',
    );
    expect(libraryPath(undefined, { XDG_DATA_HOME: '/d' })).toBe('/d/bdb/library.duckdb');
    expect(libraryPath(undefined, {})).toBe(join(homedir(), '.local/share/bdb/library.duckdb'));
    // an empty variable counts as unset
    expect(libraryPath(undefined, { BDB_LIBRARY: '', XDG_DATA_HOME: '' })).toBe(
      join(homedir(), '.local/share/bdb/library.duckdb'),
    );
  });

  it("the configuration's path comes after BDB_LIBRARY and before the XDG folder", () => {
    expect(libraryPath('my.duckdb', { BDB_LIBRARY: '/x/env.duckdb' }, '/c/lib.duckdb')).toBe(
      resolve('my.duckdb'),
    );
    expect(libraryPath(undefined, { BDB_LIBRARY: '/x/env.duckdb' }, '/c/lib.duckdb')).toBe('/x/env.duckdb');
    expect(libraryPath(undefined, { XDG_DATA_HOME: '/d' }, '/c/lib.duckdb')).toBe('/c/lib.duckdb');
    expect(libraryPath(undefined, { BDB_LIBRARY: '' }, '/c/lib.duckdb')).toBe('/c/lib.duckdb');
  });
});
