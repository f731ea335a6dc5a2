/**
 * A job's own log: every message its activity entry was given, each with its time. The entry
 * keeps only its latest message; the transcript keeps the steps before it (when each began,
 * how long it took, the attempts that failed), and is what the Activity Logs' log viewer opens.
 */

/** Lines kept from the start of a long transcript; the rest are its latest lines. */
const HEAD_LINES = 100;
/** At most this many lines; a longer run leaves out lines between the first ones and the latest. */
export const TRANSCRIPT_MAX_LINES = 2_000;
/** Longer details (a metrics record, a program's output) are cut to this many characters. */
const DETAIL_MAX_CHARS = 4_000;

/** "2026-11-30 21:14:03Z": seconds are enough to read a job's pace. */
export function transcriptTime(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace('T', ' ')}Z`;
}

function cut(text: string, max: number): string {
  return text.length <= max
    ? text
    : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}

export class JobTranscript {
  private readonly head: string[] = [];
  private tail: string[] = [];
  private leftOut = 0;

  /** `earlier`: the text of the attempts before, which the transcript goes on from. */
  constructor(
    private readonly title: string,
    private readonly earlier = '',
  ) {}

  /** One line per line of `text`, the first stamped with `at`, the others indented under it. */
  add(text: string, at: Date = new Date()): void {
    const [first = '', ...more] = cut(text, DETAIL_MAX_CHARS).split(/\r?\n/);
    this.push(`${transcriptTime(at)}  ${first}`);
    for (const line of more) this.push(`                      ${line}`);
  }

  /**
   * A step and a program's output under it, line by line: each line is cut on its own, not the
   * whole, so that the output's end (where a program says what went wrong) is kept; the
   * transcript's line limit bounds its length.
   */
  addLines(lines: readonly string[], at: Date = new Date()): void {
    const [first = '', ...more] = lines.flatMap((line) => line.split(/\r?\n/));
    this.push(`${transcriptTime(at)}  ${cut(first, DETAIL_MAX_CHARS)}`);
    for (const line of more) this.push(`                      ${cut(line, DETAIL_MAX_CHARS)}`);
  }

  /** The whole log: the earlier attempts, this attempt's title, then its lines. */
  text(): string {
    const tail = this.tail.slice(-(TRANSCRIPT_MAX_LINES - HEAD_LINES));
    const leftOut = this.leftOut + this.tail.length - tail.length;
    const gap = leftOut > 0 ? [`… ${leftOut.toLocaleString('en-US')} lines left out …`] : [];
    const lines = [this.title, ...this.head, ...gap, ...tail];
    const earlier =
      this.earlier.endsWith('\n') || this.earlier === '' ? this.earlier : `${this.earlier}\n`;
    return `${earlier}${earlier ? '\n' : ''}${lines.join('\n')}\n`;
  }

  private push(line: string): void {
    if (this.head.length < HEAD_LINES) {
      this.head.push(line);
      return;
    }
    this.tail.push(line);
    // Trimmed in batches, so a long run does not shift the array with every line.
    if (this.tail.length > 2 * (TRANSCRIPT_MAX_LINES - HEAD_LINES)) {
      const keep = TRANSCRIPT_MAX_LINES - HEAD_LINES;
      this.leftOut += this.tail.length - keep;
      this.tail = this.tail.slice(-keep);
    }
  }
}
