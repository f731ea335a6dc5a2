import { Badge, Box, Paper, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { IngestErrorsAlert } from './IngestErrorsAlert.tsx';
import { PackageUploadCard } from './PackageUploadCard.tsx';
import { ResumeUploads } from './ResumeUploads.tsx';
import { UploadLogTable } from './UploadLogTable.tsx';
import { UploadProgressList } from './UploadProgressList.tsx';
import { useUploadErrorCount } from './use-upload-logs.ts';

type UploadTab = 'progress' | 'errors' | 'history';

/** The Package Upload screen: the upload card, then Progress, Upload Errors and History. */
export function PackageUploadPage() {
  const [tab, setTab] = useState<UploadTab>('progress');
  const errorCount = useUploadErrorCount();
  // The errors tab goes away once every error is acknowledged.
  const shownTab = tab === 'errors' && errorCount === 0 ? 'progress' : tab;
  const showProgress = () => setTab('progress');

  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <PackageUploadCard onStarted={showProgress} />
      <ResumeUploads onResumed={showProgress} />
      <IngestErrorsAlert />
      <Paper sx={{ maxWidth: 1100 }}>
        <Tabs
          value={shownTab}
          onChange={(_event, value: UploadTab) => setTab(value)}
          aria-label="Upload views"
        >
          <Tab value="progress" label="Progress" data-testid="upload-tab-progress" />
          {errorCount > 0 ? (
            <Tab
              value="errors"
              data-testid="upload-tab-errors"
              // Room for the count badge, which a tab would otherwise clip.
              sx={{ overflow: 'visible', pr: 3 }}
              label={
                <Badge
                  badgeContent={errorCount}
                  color="error"
                  data-testid="upload-error-badge"
                  sx={{ '& .MuiBadge-badge': { right: -14, top: 2 } }}
                >
                  Upload Errors
                </Badge>
              }
            />
          ) : null}
          <Tab value="history" label="History" data-testid="upload-tab-history" />
        </Tabs>
        <Box sx={{ p: 2 }} data-testid={`upload-panel-${shownTab}`}>
          {shownTab === 'progress' ? <UploadProgressList /> : null}
          {shownTab === 'errors' ? <UploadLogTable kind="errors" /> : null}
          {shownTab === 'history' ? <UploadLogTable kind="history" /> : null}
        </Box>
      </Paper>
    </Box>
  );
}
