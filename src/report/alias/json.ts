/** `bdb alias list --json` (docs/json.md). */
import { jsonHead, renderJson } from '../json.js';
import type { Reporter } from '../reporter.js';
import type { TableView } from '../view.js';
import type { AliasListResult } from './types.js';

export const aliasListJson: Reporter<AliasListResult, TableView> = ({ aliases }, _view, write) =>
  write(renderJson({ ...jsonHead('alias-list'), aliases }));
