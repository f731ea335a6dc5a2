import { json, jsonParseLinter } from '@codemirror/lang-json';
import { linter, lintGutter } from '@codemirror/lint';
import { Box } from '@mui/material';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useMemo } from 'react';

interface JsonCodeEditorProps {
  /** The editor's accessible name. */
  label: string;
  value: string;
  onChange(value: string): void;
  invalid: boolean;
  height: number;
  testId: string;
}

/** JSON text with syntax highlighting and inline lint marks (as the pipeline editor). */
export function JsonCodeEditor({
  label,
  value,
  onChange,
  invalid,
  height,
  testId,
}: JsonCodeEditorProps) {
  // CodeMirror compares extension arrays by identity: rebuilt only when the label changes.
  const extensions = useMemo(
    () => [
      json(),
      linter(jsonParseLinter()),
      lintGutter(),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': label }),
    ],
    [label],
  );
  return (
    <Box
      data-testid={testId}
      sx={{
        border: 1,
        borderColor: invalid ? 'error.main' : 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        fontSize: 13,
      }}
    >
      <CodeMirror
        value={value}
        height={`${height}px`}
        extensions={extensions}
        onChange={onChange}
        basicSetup={{ foldGutter: true, highlightActiveLine: false }}
      />
    </Box>
  );
}
