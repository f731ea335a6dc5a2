import { NO_UPLOADS } from '@asset-portal/shared';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import { Box, Chip, LinearProgress, Stack, Tooltip, Typography } from '@mui/material';
import { memo } from 'react';
import { useStore } from '../../lib/create-store.ts';
import {
  jobChipLabel,
  jobColor,
  jobRateText,
  overallProgress,
  overallProgressText,
  showsOverallProgress,
  sortUploadJobs,
  type UploadJob,
} from './upload-jobs.ts';
import { uploadEngine } from './upload-service.ts';

/**
 * The bars jump to each new value: progress changes several times a second, and MUI's 0.4 s
 * transition would keep the page animating (repainting every frame) for the whole upload.
 */
const STILL_BAR = { '& .MuiLinearProgress-bar': { transition: 'none' } } as const;

// A progress step replaces only its own job object: the other rows keep theirs and skip rendering.
const UploadRow = memo(function UploadRow({ job, compact }: { job: UploadJob; compact: boolean }) {
  const color = jobColor(job);
  const multipart = job.uploadType === 'multipart';
  const rate = jobRateText(job);
  return (
    <Box data-testid="upload-job" data-state={job.state} data-filename={job.filename}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Chip
          size="small"
          label={jobChipLabel(job)}
          color={color === 'primary' ? 'default' : color}
          data-testid="upload-job-chip"
          sx={{ minWidth: 64 }}
        />
        <Tooltip title={multipart ? 'Multipart upload' : 'Single-part upload'}>
          {multipart ? (
            <CallSplitIcon fontSize="small" aria-label="Multipart upload" />
          ) : (
            <InsertDriveFileIcon fontSize="small" aria-label="Single-part upload" />
          )}
        </Tooltip>
        <Typography
          variant="body2"
          noWrap
          sx={{ flex: 1, minWidth: 0 }}
          data-testid="upload-job-name"
          title={job.filename}
        >
          {job.filename}
        </Typography>
        {!compact && rate ? (
          <Typography variant="caption" color="text.secondary" data-testid="upload-job-rate">
            {rate}
          </Typography>
        ) : null}
      </Stack>
      <LinearProgress
        variant="determinate"
        value={job.percent}
        color={color}
        sx={{ mt: 0.5, height: 6, borderRadius: 3, ...STILL_BAR }}
        aria-label={`Progress of ${job.filename}`}
      />
      {compact && rate ? (
        <Typography variant="caption" color="text.secondary">
          {rate}
        </Typography>
      ) : null}
      {job.error ? (
        <Typography variant="caption" color="error" data-testid="upload-job-error">
          {job.error}
        </Typography>
      ) : null}
    </Box>
  );
});

/**
 * Overall progress and one bar per upload; the Progress tab and the top-bar dialog share it. The
 * overall display shows only while the batch is under way (`showsOverallProgress`); the finished
 * rows stay, with their chips, until the next files come (spec §4).
 */
export function UploadProgressList({ compact = false }: { compact?: boolean }) {
  const jobs = useStore(uploadEngine.jobs);
  const overall = overallProgress(jobs);
  return (
    <Stack spacing={2} data-testid="upload-progress-list">
      {showsOverallProgress(jobs, overall) ? (
        <Box>
          <Typography variant="body2" data-testid="upload-overall">
            {overallProgressText(overall)}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={overall.percent}
            sx={{ mt: 0.5, height: 8, borderRadius: 4, ...STILL_BAR }}
            aria-label="Overall upload progress"
          />
        </Box>
      ) : (
        <Typography color="text.secondary" data-testid="no-uploads">
          {NO_UPLOADS}
        </Typography>
      )}
      {sortUploadJobs(jobs).map((job) => (
        <UploadRow key={job.id} job={job} compact={compact} />
      ))}
    </Stack>
  );
}
