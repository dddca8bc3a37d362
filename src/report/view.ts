/** How a command's tables are laid out: the columns they fit and whether they are drawn in plain ASCII. */
export interface TableView {
  readonly width: number;
  readonly ascii: boolean;
}
