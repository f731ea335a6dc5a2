import { PIPELINE_ENGINE_REFUSES, pipelineEngineRuns } from '@asset-portal/shared';
import { Alert, AlertTitle, Box, FormHelperText } from '@mui/material';
import type { EngineCheck } from './use-pipeline-engine-check.ts';

/**
 * What the built-in engine says of the pipeline under the editor: the stages it runs, or why it
 * would refuse the pipeline. A warning, not a bar to saving: a pipeline is PDAL JSON, and the
 * engine sits behind an interface a real `pdal` can take over (docs/pipelines.md); the Process
 * dialog asks the same engine again and refuses what it cannot run.
 */
export function PipelineEngineVerdict({ check }: { check: EngineCheck }) {
  const { result, checking } = check;
  if (!result) return null;
  const common = { 'data-testid': 'pipeline-engine-check', 'aria-busy': checking };
  if (result.ok) {
    return (
      <FormHelperText {...common} sx={{ mx: 0 }}>
        {pipelineEngineRuns(result.stages.map((stage) => stage.type))}
      </FormHelperText>
    );
  }
  return (
    <Alert severity="warning" {...common}>
      <AlertTitle>{PIPELINE_ENGINE_REFUSES}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {result.errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </Box>
    </Alert>
  );
}
