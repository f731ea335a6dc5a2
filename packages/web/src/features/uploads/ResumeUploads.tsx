import { formatSize } from '@asset-portal/shared';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { type ChangeEvent, useRef, useState } from 'react';
import { HiddenFileInput } from '../../components/file-input/HiddenFileInput.tsx';
import { useStore } from '../../lib/create-store.ts';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import type { ResumeRecord } from './resume-records.ts';
import { uploadEngine } from './upload-service.ts';

/**
 * Unfinished multipart uploads of an earlier page load. The browser cannot reopen a file by
 * itself, so the user picks it again; the engine checks it is the same file.
 */
export function ResumeUploads({ onResumed }: { onResumed(): void }) {
  const records = useStore(uploadEngine.resumable);
  const inputRef = useRef<HTMLInputElement>(null);
  const [target, setTarget] = useState<ResumeRecord | null>(null);
  if (records.length === 0) return null;

  const handlePick = (record: ResumeRecord) => {
    setTarget(record);
    inputRef.current?.click();
  };

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !target) return;
    try {
      await uploadEngine.resume(target, file);
      onResumed();
    } catch (error) {
      snackbar.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Alert severity="info" sx={{ maxWidth: 750 }} data-testid="resumable-uploads">
      <Typography variant="subtitle2">Unfinished uploads can be resumed</Typography>
      <HiddenFileInput ref={inputRef} onChange={handleFile} data-testid="resume-file-input" />
      <Stack spacing={1} sx={{ mt: 1 }}>
        {records.map((record) => (
          <Box
            key={record.id}
            sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
            data-testid="resumable-upload"
          >
            <Typography variant="body2" sx={{ flex: 1 }}>
              {record.filename} ({formatSize(record.size)})
            </Typography>
            <Button size="small" variant="outlined" onClick={() => handlePick(record)}>
              Resume
            </Button>
            <Button size="small" onClick={() => uploadEngine.discard(record)}>
              Discard
            </Button>
          </Box>
        ))}
      </Stack>
    </Alert>
  );
}
