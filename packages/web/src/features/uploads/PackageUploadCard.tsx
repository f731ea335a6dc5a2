import { useApolloClient } from '@apollo/client/react';
import {
  DIALOG_WIDTHS,
  formatSize,
  PACKAGE_EXTENSIONS,
  PACKAGE_UPLOAD_TITLE,
  UPLOAD_IN_BACKGROUND,
  validatePackageFiles,
} from '@asset-portal/shared';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import SettingsIcon from '@mui/icons-material/Settings';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  FormHelperText,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { HiddenFileInput } from '../../components/file-input/HiddenFileInput.tsx';
import { graphql } from '../../graphql/generated/gql.ts';
import { AdvancedUploadOptionsDialog } from './AdvancedUploadOptionsDialog.tsx';
import { filesNotPackages, notPackagesMessage } from './package-signature.ts';
import { RedundantUploadDialog } from './RedundantUploadDialog.tsx';
import { type RedundantItem, redundantItems } from './redundant-selection.ts';
import type { UploadSettings } from './upload-engine.ts';
import { startUploads, uploadEngine } from './upload-service.ts';

const EXISTING_UPLOADS = graphql(`
  query ExistingPackageUploads($filenamesCsv: String!) {
    getExistingPackageUploads(filenamesCsv: $filenamesCsv) {
      filename
      size
    }
  }
`);

const DATA_FOLDER_NOTE =
  'Packages are usually in the data folder of the LuxGear control computer. When bandwidth is low, a bulk-transfer service is recommended for sending them.';

/** The 'LuxGear Package Upload' card: pick or drop packages, check the server, start uploads. */
export function PackageUploadCard({ onStarted }: { onStarted(): void }) {
  const client = useApolloClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [touched, setTouched] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [checking, setChecking] = useState(false);
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [settings, setSettings] = useState<UploadSettings>(() => uploadEngine.getSettings());
  const [redundant, setRedundant] = useState<RedundantItem[] | null>(null);

  // The files' first bytes, read for the files chosen now: Upload waits for them.
  const [signatures, setSignatures] = useState<{ files: File[]; notPackages: string[] }>();
  useEffect(() => {
    let current = true;
    void filesNotPackages(files).then((notPackages) => {
      if (current) setSignatures({ files, notPackages });
    });
    return () => {
      current = false;
    };
  }, [files]);
  const notPackages = signatures?.files === files ? signatures.notPackages : null;
  const error = validatePackageFiles(files) ?? notPackagesMessage(notPackages ?? []);

  const handleFilesChosen = (chosen: FileList | null) => {
    setTouched(true);
    if (!chosen) return;
    // Picking a file again replaces the earlier one of the same name.
    const byName = new Map(files.map((file) => [file.name, file]));
    for (const file of Array.from(chosen)) byName.set(file.name, file);
    setFiles([...byName.values()]);
  };

  const handleRemove = (name: string) => {
    setTouched(true);
    setFiles((previous) => previous.filter((file) => file.name !== name));
  };

  const handleDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    handleFilesChosen(event.dataTransfer.files);
  };

  const begin = (chosen: File[]) => {
    startUploads(chosen);
    setFiles([]);
    setTouched(false);
    if (inputRef.current) inputRef.current.value = '';
    onStarted();
  };

  const handleUpload = async () => {
    if (error || notPackages === null) return;
    setChecking(true);
    try {
      const result = await client.query({
        query: EXISTING_UPLOADS,
        variables: { filenamesCsv: files.map((file) => file.name).join(',') },
        fetchPolicy: 'network-only',
      });
      const existing = result.data?.getExistingPackageUploads ?? [];
      if (existing.length === 0) begin(files);
      else setRedundant(redundantItems(files, existing));
    } catch {
      // The error link has shown the server's message (or the connection issue) once already.
    } finally {
      setChecking(false);
    }
  };

  const handleRedundantCancel = () => {
    setRedundant(null);
    setFiles([]);
    setTouched(false);
    if (inputRef.current) inputRef.current.value = '';
  };

  const handleRedundantConfirm = (names: Set<string>) => {
    setRedundant(null);
    begin(files.filter((file) => names.has(file.name)));
  };

  const handleOptionsOk = (next: UploadSettings) => {
    uploadEngine.setSettings(next);
    setSettings(next);
    setOptionsOpen(false);
  };

  return (
    <Card
      sx={{ maxWidth: DIALOG_WIDTHS.uploadCard, width: '100%' }}
      data-testid="package-upload-card"
    >
      <CardHeader
        title={PACKAGE_UPLOAD_TITLE}
        action={
          <Tooltip title="Advanced Upload Options">
            <IconButton
              aria-label="Advanced Upload Options"
              onClick={() => setOptionsOpen(true)}
              data-testid="upload-options-button"
            >
              <SettingsIcon />
            </IconButton>
          </Tooltip>
        }
      />
      <CardContent>
        <Box
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={handleDrop}
          data-testid="package-drop-zone"
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: dragging ? 'primary.main' : 'divider',
            borderRadius: 1,
            p: 3,
            textAlign: 'center',
            bgcolor: dragging ? 'action.hover' : undefined,
          }}
        >
          <HiddenFileInput
            ref={inputRef}
            multiple
            accept={PACKAGE_EXTENSIONS.join(',')}
            onChange={(event) => handleFilesChosen(event.target.files)}
            data-testid="package-file-input"
          />
          <Typography gutterBottom>Drop .luxlz or .luxiz packages here, or</Typography>
          <Button variant="outlined" onClick={() => inputRef.current?.click()}>
            Choose Files
          </Button>
        </Box>
        {files.length > 0 ? (
          <Stack
            direction="row"
            sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }}
            data-testid="picked-files"
          >
            {files.map((file) => (
              <Chip
                key={file.name}
                label={`${file.name} (${formatSize(file.size)})`}
                onDelete={() => handleRemove(file.name)}
              />
            ))}
          </Stack>
        ) : null}
        {touched && error ? (
          <FormHelperText error data-testid="package-files-error">
            {error}
          </FormHelperText>
        ) : null}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button
            variant="contained"
            startIcon={<CloudUploadIcon />}
            disabled={Boolean(error) || notPackages === null || checking}
            onClick={handleUpload}
            data-testid="package-upload-button"
          >
            Upload
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {DATA_FOLDER_NOTE}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {UPLOAD_IN_BACKGROUND}
        </Typography>
      </CardContent>
      {optionsOpen ? (
        <AdvancedUploadOptionsDialog
          settings={settings}
          onCancel={() => setOptionsOpen(false)}
          onOk={handleOptionsOk}
        />
      ) : null}
      {redundant ? (
        <RedundantUploadDialog
          items={redundant}
          onCancel={handleRedundantCancel}
          onConfirm={handleRedundantConfirm}
        />
      ) : null}
    </Card>
  );
}
