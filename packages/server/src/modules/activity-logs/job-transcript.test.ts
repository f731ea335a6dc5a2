import { describe, expect, it } from 'vitest';
import { JobTranscript, TRANSCRIPT_MAX_LINES, transcriptTime } from './job-transcript.ts';

const at = new Date('2026-11-30T21:14:03.512Z');

describe('JobTranscript', () => {
  it('stamps each message with its time to the second, under the title', () => {
    const transcript = new JobTranscript('PackageIngest job 7, attempt 1 of 5');
    transcript.add('Started: Ingesting a.luxlz', at);
    transcript.add('Completed: 2 scans', new Date('2026-11-30T21:15:00Z'));
    expect(transcript.text()).toBe(
      'PackageIngest job 7, attempt 1 of 5\n' +
        '2026-11-30 21:14:03Z  Started: Ingesting a.luxlz\n' +
        '2026-11-30 21:15:00Z  Completed: 2 scans\n',
    );
    expect(transcriptTime(at)).toBe('2026-11-30 21:14:03Z');
  });

  it('indents the further lines of a message under its time', () => {
    const transcript = new JobTranscript('t');
    transcript.add('Failed: stage crop\r\nno points inside the box', at);
    const lines = transcript.text().split('\n');
    expect(lines[2]).toBe(`${' '.repeat(22)}no points inside the box`);
  });

  it('goes on from the earlier attempts, a blank line between', () => {
    const transcript = new JobTranscript(
      'job 7, attempt 2 of 5',
      'job 7, attempt 1 of 5\nx: failed',
    );
    transcript.add('Started: again', at);
    expect(transcript.text()).toBe(
      'job 7, attempt 1 of 5\nx: failed\n\njob 7, attempt 2 of 5\n2026-11-30 21:14:03Z  Started: again\n',
    );
  });

  it('keeps the first and the latest lines of a long run and says how many it left out', () => {
    const transcript = new JobTranscript('t');
    const total = TRANSCRIPT_MAX_LINES * 3 + 17;
    for (let i = 1; i <= total; i++) transcript.add(`Started: step ${i}`, at);
    const lines = transcript.text().trimEnd().split('\n');
    // The title, the kept lines and the note of those left out.
    expect(lines).toHaveLength(1 + TRANSCRIPT_MAX_LINES + 1);
    expect(lines[1]).toMatch(/step 1$/);
    expect(lines[100]).toMatch(/step 100$/);
    expect(lines[101]).toBe(
      `… ${(total - TRANSCRIPT_MAX_LINES).toLocaleString('en-US')} lines left out …`,
    );
    expect(lines.at(-1)).toMatch(new RegExp(`step ${total}$`));
    expect(lines[102]).toMatch(new RegExp(`step ${total - TRANSCRIPT_MAX_LINES + 101}$`));
  });

  it('cuts a very long message and says by how much', () => {
    const transcript = new JobTranscript('t');
    transcript.add(`Metrics: ${'x'.repeat(5_000)}`, at);
    expect(transcript.text()).toMatch(/x… \(1009 more characters\)\n$/);
  });

  it("keeps a program's whole output under its step, its end included, cutting long lines only", () => {
    const transcript = new JobTranscript('t');
    const output = Array.from({ length: 300 }, (_, i) => `  out ${i + 1} ${'y'.repeat(40)}`);
    transcript.addLines(['rnx2rtkp -x 5', ...output, `  ${'z'.repeat(4_100)}`], at);
    const lines = transcript.text().trimEnd().split('\n');
    expect(lines[1]).toBe('2026-11-30 21:14:03Z  rnx2rtkp -x 5');
    expect(lines).toHaveLength(1 + 1 + 300 + 1);
    expect(lines[301]).toMatch(/ {22} {2}out 300 y+$/);
    expect(lines[302]).toMatch(/z… \(102 more characters\)$/);
  });
});
