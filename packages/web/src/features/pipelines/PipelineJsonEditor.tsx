import { JsonCodeEditor } from '../../components/json-editor/JsonCodeEditor.tsx';

// Low enough that the dialog's fields and the editor fit a laptop screen together.
const EDITOR_HEIGHT = 240;

interface PipelineJsonEditorProps {
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  invalid: boolean;
  /** Editor height in px; the pipeline dialog's own when not given. */
  height?: number;
}

/** The pipeline's PDAL JSON, a stage's options on one line (not wrapped). */
export function PipelineJsonEditor({
  value,
  onChange,
  onBlur,
  invalid,
  height = EDITOR_HEIGHT,
}: PipelineJsonEditorProps) {
  return (
    <JsonCodeEditor
      label="Pipeline JSON"
      testId="pipeline-json-editor"
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      invalid={invalid}
      height={height}
      wrapLines={false}
    />
  );
}
