import { describe, expect, it } from 'vitest';
import {
  describePipelineJsonError,
  pipelineDeleteMessage,
  pipelineDescriptionCounter,
  positionOf,
  shortJsonParserMessage,
} from './pipeline-management-rules.ts';

describe('pipeline management texts', () => {
  it('asks before deleting, naming the pipeline', () => {
    expect(pipelineDeleteMessage('Ground')).toBe(
      "Are you sure you want to delete pipeline 'Ground'?",
    );
  });

  it('counts the description against the limit of 200', () => {
    expect(pipelineDescriptionCounter('abc')).toBe('3/200');
    expect(pipelineDescriptionCounter(undefined)).toBe('0/200');
  });
});

describe('describePipelineJsonError', () => {
  it('accepts valid JSON', () => {
    expect(describePipelineJsonError('{"pipeline":[]}')).toBeNull();
  });

  it('names the reason and the line and column the parser stopped at', () => {
    expect(describePipelineJsonError('{\n  "a": 1,\n}')).toBe(
      'Pipeline must be valid JSON: Expected double-quoted property name (line 3, column 1)',
    );
    expect(describePipelineJsonError('{not json')).toBe(
      "Pipeline must be valid JSON: Expected property name or '}' (line 1, column 2)",
    );
  });

  it('asks the locator when the parser gives no position, and never echoes the text', () => {
    const message = describePipelineJsonError('{\n  "a": tru\n}', () => 9);
    expect(message).toMatch(/^Pipeline must be valid JSON: Unexpected token/);
    expect(message).toMatch(/\(line 2, column 8\)$/);
    expect(message).not.toContain('tru\n');
    expect(describePipelineJsonError('nope')).toMatch(/^Pipeline must be valid JSON: \S/);
  });

  it('turns offsets into 1-based lines and columns', () => {
    expect(positionOf('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(positionOf('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
    // Chromium shortens the echoed text of long inputs with a leading '...'.
    expect(shortJsonParserMessage('Unexpected token \'}\', ..."e": [\n }" is not valid JSON')).toBe(
      "Unexpected token '}'",
    );
    expect(shortJsonParserMessage('Unexpected end of JSON input')).toBe(
      'Unexpected end of JSON input',
    );
  });
});
