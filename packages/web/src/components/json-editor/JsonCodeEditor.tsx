import { json, jsonParseLinter } from '@codemirror/lang-json';
import { linter, lintGutter } from '@codemirror/lint';
import { Box } from '@mui/material';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useMemo } from 'react';

interface JsonCodeEditorProps {
  /** The editor's accessible name. */
  label: string;
  testId: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  invalid: boolean;
  height: number;
  /** Long lines wrap; off where a line is a unit the reader scans, like a PDAL stage. */
  wrapLines?: boolean;
}

/**
 * JSON text with syntax highlighting, folding and inline lint marks: the pipeline, style and
 * layer-source editors. Import it lazily or from a lazily loaded dialog, so that CodeMirror
 * stays out of the bundles of the screens that do not edit JSON.
 */
export function JsonCodeEditor({
  label,
  testId,
  value,
  onChange,
  onBlur,
  invalid,
  height,
  wrapLines = true,
}: JsonCodeEditorProps) {
  // CodeMirror compares extension arrays by identity: rebuilt only when these change.
  const extensions = useMemo(
    () => [
      json(),
      linter(jsonParseLinter()),
      lintGutter(),
      ...(wrapLines ? [EditorView.lineWrapping] : []),
      EditorView.contentAttributes.of({ 'aria-label': label }),
    ],
    [label, wrapLines],
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
        onBlur={onBlur}
        basicSetup={{ foldGutter: true, highlightActiveLine: false }}
      />
    </Box>
  );
}
