import { describePipelineJsonError, VALUE_REQUIRED } from '@asset-portal/shared';
import { jsonLanguage } from '@codemirror/lang-json';

/** Offset of the first syntax error the CodeMirror JSON grammar finds, or null. */
export function firstJsonSyntaxError(text: string): number | null {
  let offset: number | null = null;
  jsonLanguage.parser.parse(text).iterate({
    enter(node) {
      if (offset !== null) return false;
      if (node.type.isError) {
        offset = node.from;
        return false;
      }
      return undefined;
    },
  });
  return offset;
}

/**
 * The message under the pipeline editor: 'Value is required' when blank, otherwise the shared
 * invalid-JSON text with the parser's reason and position; null for valid JSON.
 */
export function pipelineJsonMessage(text: string): string | null {
  if (text.trim() === '') return VALUE_REQUIRED;
  return describePipelineJsonError(text, firstJsonSyntaxError);
}
