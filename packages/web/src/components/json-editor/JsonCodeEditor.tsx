import { json, jsonParseLinter } from '@codemirror/lang-json';
import { linter, lintGutter } from '@codemirror/lint';
import { Box, Typography } from '@mui/material';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useId, useMemo, useState } from 'react';

// One object for good: a new one at a render makes the editor reconfigure itself, which can drop
// a selection being typed over.
const BASIC_SETUP = { foldGutter: true, highlightActiveLine: false };

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
  const hintId = useId();
  const [focused, setFocused] = useState(false);
  // CodeMirror compares extension arrays by identity: rebuilt only when these change.
  const extensions = useMemo(
    () => [
      json(),
      linter(jsonParseLinter()),
      lintGutter(),
      ...(wrapLines ? [EditorView.lineWrapping] : []),
      EditorView.contentAttributes.of({ 'aria-label': label, 'aria-describedby': hintId }),
    ],
    [label, wrapLines, hintId],
  );
  return (
    <Box
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      // Escape is the editor's first step out for a keyboard: it must not close the dialog too.
      onKeyDown={(event) => {
        if (event.key === 'Escape') event.stopPropagation();
      }}
    >
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
          basicSetup={BASIC_SETUP}
        />
      </Box>
      {/* Tab indents inside the editor (CodeMirror's way out for a keyboard is Escape first):
          said while the editor has the focus, where a keyboard user needs it. */}
      <Typography
        id={hintId}
        variant="caption"
        color="text.secondary"
        sx={{ visibility: focused ? 'visible' : 'hidden' }}
      >
        Tab indents. Press Esc, then Tab, to move on.
      </Typography>
    </Box>
  );
}
