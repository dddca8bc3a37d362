/** `bdb alias list`'s typed result: the stored aliases, each a name and another spelling counted as it. */
export interface AliasListResult {
  readonly aliases: readonly { readonly name: string; readonly alias: string }[];
}
