/** `bdb find --saved`: the saved searches as a table, or JSON (docs/schema/find-saved.schema.json). */
import { fitTable } from '../cli-table.js';
import { jsonHead, renderJson } from '../json.js';
import type { Reporter } from '../reporter.js';
import type { TableView } from '../view.js';
import type { SavedList } from './types.js';

export const findSavedText: Reporter<SavedList, TableView> = (r, view, write) => {
  if (r.searches.length === 0) {
    write('no saved search (bdb find --save NAME [filters] saves one)\n');
    return;
  }
  const rows = r.searches.map((s) => [s.name, s.filters === '' ? '(your mistakes)' : s.filters, s.savedAt]);
  write(
    `${fitTable({ head: ['Name', 'Filters', 'Saved (UTC)'], rows }, view.width, { ascii: view.ascii })}\n`,
  );
};

export const findSavedJson: Reporter<SavedList, TableView> = (r, _view, write) =>
  write(renderJson({ ...jsonHead('find-saved'), searches: r.searches }));
