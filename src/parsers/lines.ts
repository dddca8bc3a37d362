/**
 * The lines of a text one at a time, split as `text.split(/\r\n|\n|\r/)` splits them (a text ending in a
 * line break ends with an empty line): for the format sniffers, which look at the first lines of every
 * file of a folder and need not split the whole head.
 */
export class Lines {
  private readonly text: string;
  /** Where the next line starts; -1 once the last line was given. */
  private at = 0;

  constructor(text: string) {
    this.text = text;
  }

  /** The next line, without its break; undefined after the last. */
  next(): string | undefined {
    const { text, at } = this;
    if (at < 0) return undefined;
    for (let i = at; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x0a || c === 0x0d) {
        this.at = c === 0x0d && text.charCodeAt(i + 1) === 0x0a ? i + 2 : i + 1;
        return text.slice(at, i);
      }
    }
    this.at = -1;
    return text.slice(at);
  }
}
