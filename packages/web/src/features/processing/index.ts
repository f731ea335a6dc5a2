export { PostProcessingDialog } from './PostProcessingDialog.tsx';
export { ProcessingChip } from './ProcessingChip.tsx';
export { PublishScansDialog } from './PublishScansDialog.tsx';
export { shownProcessing, useProcessingWatch } from './processing-watch.ts';
export type {
  PostProcessingDialogProps,
  ProcessingArtifact,
  ProcessingTarget,
  PublishScansDialogProps,
  PublishTarget,
} from './types.ts';
