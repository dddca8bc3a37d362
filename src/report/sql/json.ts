/** `bdb sql --json`: an array of row objects. */
import { type QueryRows, renderQueryJson } from '../query.js';
import type { Reporter } from '../reporter.js';
import type { TableView } from '../view.js';
import { ended } from './text.js';

export const sqlJson: Reporter<QueryRows, TableView> = (q, _view, write) => write(ended(renderQueryJson(q)));
