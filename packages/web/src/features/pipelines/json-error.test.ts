import { describe, expect, it } from 'vitest';
import { firstJsonSyntaxError, pipelineJsonMessage } from './json-error.ts';

describe('pipeline JSON messages', () => {
  it('is quiet for valid JSON and asks for a value when blank', () => {
    expect(pipelineJsonMessage('{"pipeline":[]}')).toBeNull();
    expect(pipelineJsonMessage('  ')).toBe('Value is required');
  });

  it('finds the position when the parser does not name one', () => {
    expect(firstJsonSyntaxError('{\n  "a": tru\n}')).not.toBeNull();
    expect(pipelineJsonMessage('{\n  "a": tru\n}')).toMatch(
      /^Pipeline must be valid JSON: Unexpected token .* \(line 2, column \d+\)$/,
    );
    expect(pipelineJsonMessage('nope')).toMatch(/\(line 1, column \d+\)$/);
  });
});
