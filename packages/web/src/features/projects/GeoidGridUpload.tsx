import { useMutation } from '@apollo/client/react';
import { formatSize, GEOID_GRID_CONTENT_TYPE } from '@asset-portal/shared';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormHelperText,
  IconButton,
  LinearProgress,
  Tooltip,
  Typography,
} from '@mui/material';
import { useRef, useState } from 'react';
import { HiddenFileInput } from '../../components/file-input/HiddenFileInput.tsx';
import { graphql } from '../../graphql/generated/gql.ts';
import { putFile } from '../../lib/put-file.ts';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { GEOID_EXTENSIONS, GEOID_TEXTS, geoidGridFileError } from './geoid-grid-rules.ts';

const SIGNED_URL = graphql(`
  mutation GeoidGridUploadSignedURL($filename: String!, $size: Float!) {
    getGeoidGridUploadSignedURL(filename: $filename, size: $size) {
      s3Uri
      uploadUrl
    }
  }
`);

const REGISTER = graphql(`
  mutation RegisterGeoidGrid($filename: String!) {
    registerGeoidGrid(filename: $filename) {
      name
      format
    }
  }
`);

const DIALOG_WIDTH = 550;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The upload button beside the Geoid grids select (Admin): one .gtx/.tif/.tiff, checked before
 * any call, then signed URL → PUT → register. The new grid is listed and chosen on success.
 * A failure is also written in the dialog, next to the file it concerns.
 */
export function GeoidGridUpload({ onUploaded }: { onUploaded(name: string): void }) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [signUpload] = useMutation(SIGNED_URL);
  const [register] = useMutation(REGISTER, {
    refetchQueries: ['GeoidGridFiles'],
    awaitRefetchQueries: true,
  });
  const busy = progress !== null;

  const reset = () => {
    setFile(null);
    setProblem(null);
    setFailure(null);
    setProgress(null);
  };
  const handleClose = () => {
    if (busy) return;
    setOpen(false);
    reset();
  };

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setFailure(null);
    setProblem(chosen ? geoidGridFileError(chosen) : null);
  };

  const handleUpload = async () => {
    const error = geoidGridFileError(file);
    if (error || !file) {
      setProblem(error);
      return;
    }
    setFailure(null);
    setProgress(0);
    try {
      const signed = await signUpload({ variables: { filename: file.name, size: file.size } });
      const url = signed.data?.getGeoidGridUploadSignedURL.uploadUrl;
      if (!url) throw new Error('No upload link was returned');
      await putFile(url, file, GEOID_GRID_CONTENT_TYPE, setProgress);
      const registered = await register({ variables: { filename: file.name } });
      const name = registered.data?.registerGeoidGrid.name ?? file.name;
      snackbar.success(GEOID_TEXTS.uploaded(name));
      onUploaded(name);
      setOpen(false);
      reset();
    } catch (uploadError) {
      setProgress(null);
      setFailure(messageOf(uploadError));
    }
  };

  return (
    <>
      <Tooltip title={GEOID_TEXTS.title}>
        <IconButton
          aria-label={GEOID_TEXTS.title}
          onClick={() => setOpen(true)}
          data-testid="geoid-upload-open"
        >
          <UploadFileIcon />
        </IconButton>
      </Tooltip>
      <Dialog
        open={open}
        onClose={handleClose}
        slotProps={{ paper: { sx: { width: DIALOG_WIDTH, maxWidth: '95vw' } } }}
        data-testid="geoid-upload-dialog"
        aria-labelledby="geoid-upload-title"
      >
        <DialogTitle id="geoid-upload-title">{GEOID_TEXTS.title}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <HiddenFileInput
            ref={inputRef}
            accept={GEOID_EXTENSIONS.join(',')}
            data-testid="geoid-file-input"
            onChange={(event) => {
              choose(event.target.files?.[0] ?? null);
              event.target.value = '';
            }}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <Button
              variant="outlined"
              startIcon={<UploadFileIcon />}
              disabled={busy}
              onClick={() => inputRef.current?.click()}
            >
              Choose file
            </Button>
            <Typography data-testid="geoid-file-name" sx={{ wordBreak: 'break-all' }}>
              {file ? `${file.name} (${formatSize(file.size)})` : ''}
            </Typography>
          </Box>
          <FormHelperText>{GEOID_TEXTS.hint}</FormHelperText>
          {problem ? (
            <FormHelperText error data-testid="geoid-file-error">
              {problem}
            </FormHelperText>
          ) : null}
          {failure ? (
            <Alert severity="error" data-testid="geoid-upload-error">
              {failure}
            </Alert>
          ) : null}
          {busy ? (
            <LinearProgress
              variant="determinate"
              value={progress}
              aria-label="Upload progress"
              data-testid="geoid-upload-progress"
            />
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={handleClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant="contained"
            onClick={() => void handleUpload()}
            disabled={busy || !file || problem !== null}
            data-testid="geoid-upload-submit"
          >
            Upload
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
