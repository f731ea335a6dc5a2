import { json, jsonParseLinter } from '@codemirror/lang-json';
import { linter, lintGutter } from '@codemirror/lint';
import { Box } from '@mui/material';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';

// Low enough that the dialog's fields and the editor fit a laptop screen together.
const EDITOR_HEIGHT = 240;

// Built once: CodeMirror compares extension arrays by identity.
const EXTENSIONS = [
  json(),
  linter(jsonParseLinter()),
  lintGutter(),
  EditorView.contentAttributes.of({ 'aria-label': 'Pipeline JSON' }),
];

interface PipelineJsonEditorProps {
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  invalid: boolean;
  /** Editor height in px; the pipeline dialog's own when not given. */
  height?: number;
}

/**
 * The pipeline's PDAL JSON with syntax highlighting and inline lint marks. Loaded with the
 * pipeline dialog only, so CodeMirror stays out of the other screens' bundles.
 */
export function PipelineJsonEditor({
  value,
  onChange,
  onBlur,
  invalid,
  height = EDITOR_HEIGHT,
}: PipelineJsonEditorProps) {
  return (
    <Box
      data-testid="pipeline-json-editor"
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
        extensions={EXTENSIONS}
        onChange={onChange}
        onBlur={onBlur}
        basicSetup={{ foldGutter: true, highlightActiveLine: true }}
      />
    </Box>
  );
}
