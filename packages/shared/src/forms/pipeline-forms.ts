/** The Create/Edit Pipeline dialog, checked with the server's pipeline fields (spec §5). */
import { pipelineInput } from '../api-inputs.ts';

/**
 * Name, description (at most the spec's length) and pipeline JSON are required; the JSON must
 * parse. pipelineInput pipes this object into its project-scope rule, which the form leaves
 * to the dialog (it knows the selected project).
 */
export const pipelineFormSchema = pipelineInput.in.pick({
  name: true,
  description: true,
  pipeline: true,
  dependencies: true,
  global: true,
});
