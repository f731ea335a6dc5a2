import type { BoundingBox, ScanWithArtifacts } from '@asset-portal/shared';

/** An artifact of a scan as the processing dialog needs it. */
export interface ProcessingArtifact {
  id: string;
  artifactType: string;
  name: string;
}

/** A scan offered for post processing: its id and the artifacts to pick the source from. */
export interface ProcessingTarget {
  id: string;
  artifacts: ProcessingArtifact[];
}

/** A scan offered for publishing: a session pair as publishScans takes it. */
export interface PublishTarget extends ScanWithArtifacts {
  id: string;
  sessionId: string | null;
}

export interface PostProcessingDialogProps {
  open: boolean;
  onClose(): void;
  /** One scan for a single submission, several for bulk. */
  scans: ProcessingTarget[];
  /** Opened from Bulk Processing: the heading counts the scans, even a single one. */
  bulk: boolean;
  /** The viewer's focused version (pointcloud artifact name); bulk leaves it empty. */
  focusedVersion?: string | null;
  boundingBox?: BoundingBox | null;
}

export interface PublishScansDialogProps {
  open: boolean;
  onClose(): void;
  projectId: string;
  scans: PublishTarget[];
  /** Opened from Bulk Processing: the subtitle counts the scans, even a single one. */
  bulk: boolean;
  /** The focused scan's shown version, which is the one published; bulk leaves it out. */
  version?: string | null;
}
