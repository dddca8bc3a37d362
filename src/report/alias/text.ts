/** `bdb alias list` as a table. */
import { fitTable } from '../cli-table.js';
import type { Reporter } from '../reporter.js';
import type { TableView } from '../view.js';
import type { AliasListResult } from './types.js';

export const aliasListText: Reporter<AliasListResult, TableView> = ({ aliases }, view, write) => {
  if (aliases.length === 0) return write('No stored aliases.\n');
  const rows = aliases.map((a) => [a.name, a.alias]);
  write(`${fitTable({ head: ['name', 'alias'], rows }, view.width, { ascii: view.ascii })}\n`);
};
