export { PostProcessingDialog } from './PostProcessingDialog.tsx';
export { PublishScansDialog } from './PublishScansDialog.tsx';
export type {
  PostProcessingDialogProps,
  ProcessingArtifact,
  ProcessingTarget,
  PublishScansDialogProps,
  PublishTarget,
} from './types.ts';
