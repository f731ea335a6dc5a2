import type { BucketConnectionResult } from '@asset-portal/shared';
import { bucketMessages } from '@asset-portal/shared';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { confirm } from '../../components/confirm/confirm-service.ts';
import { snackbar } from '../../snackbar/snackbar-service.ts';
import { BucketDialog } from './BucketDialog.tsx';
import { ORGANIZATION_TEXTS } from './organization-texts.ts';
import {
  type BucketItem,
  useDeleteBucket,
  useOrganizationBuckets,
  useTestBucketConnection,
} from './use-buckets.ts';

type DialogState = { bucket: BucketItem | null } | null;

/** Where a bucket's objects go, as s3://bucket/prefix at the endpoint. */
export function bucketLocation(bucket: Pick<BucketItem, 'bucket' | 'prefix' | 'endpoint'>) {
  const path = `s3://${bucket.bucket}/${bucket.prefix}`;
  return bucket.endpoint ? `${path} at ${bucket.endpoint}` : `${path} (AWS)`;
}

/** The buckets of an organization with add, edit, delete and 'Test connection'. */
export function BucketList({ organizationId }: { organizationId: string }) {
  const { buckets, loading } = useOrganizationBuckets(organizationId);
  const { deleteBucket } = useDeleteBucket();
  const { testBucketConnection } = useTestBucketConnection();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const [results, setResults] = useState<Record<string, BucketConnectionResult>>({});

  const handleTest = async (bucket: BucketItem) => {
    setTesting(bucket.id);
    try {
      const result = await testBucketConnection(bucket.id);
      if (result) setResults((all) => ({ ...all, [bucket.id]: result }));
    } catch {
      // Shown by the error link.
    } finally {
      setTesting(null);
    }
  };

  const handleDelete = async (bucket: BucketItem) => {
    const confirmed = await confirm({
      title: ORGANIZATION_TEXTS.bucketDeleteTitle,
      message: ORGANIZATION_TEXTS.bucketDeleteMessage(bucket.name),
    });
    if (!confirmed) return;
    try {
      await deleteBucket(bucket.id);
    } catch {
      return;
    }
    snackbar.success(bucketMessages.deleted);
  };

  return (
    <Box data-testid="bucket-list">
      {buckets.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          {loading ? 'Loading…' : ORGANIZATION_TEXTS.noBuckets}
        </Typography>
      ) : (
        <List dense disablePadding>
          {buckets.map((bucket) => (
            <ListItem
              key={bucket.id}
              data-testid={`bucket-${bucket.name}`}
              divider
              sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
              secondaryAction={
                <Box sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={ORGANIZATION_TEXTS.testConnection}>
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Test connection of bucket ${bucket.name}`}
                        disabled={testing !== null}
                        onClick={() => void handleTest(bucket)}
                      >
                        {testing === bucket.id ? (
                          <CircularProgress size={18} />
                        ) : (
                          <NetworkCheckIcon fontSize="small" />
                        )}
                      </IconButton>
                    </span>
                  </Tooltip>
                  <IconButton
                    size="small"
                    aria-label={`Edit bucket ${bucket.name}`}
                    onClick={() => setDialog({ bucket })}
                  >
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={`Delete bucket ${bucket.name}`}
                    onClick={() => void handleDelete(bucket)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Box>
              }
            >
              <ListItemText
                sx={{ pr: 14 }}
                primary={
                  <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                    {bucket.name}
                    <Chip
                      size="small"
                      variant="outlined"
                      label={bucket.hasCredentials ? 'Credentials set' : 'No credentials'}
                    />
                  </Box>
                }
                secondary={`${bucketLocation(bucket)}, region ${bucket.region}`}
              />
              {results[bucket.id] ? (
                <Alert
                  severity={results[bucket.id]?.ok ? 'success' : 'error'}
                  data-testid="bucket-test-result"
                  sx={{ width: '100%', mt: 0.5, py: 0 }}
                  onClose={() => setResults(({ [bucket.id]: _closed, ...rest }) => rest)}
                >
                  {results[bucket.id]?.message}
                </Alert>
              ) : null}
            </ListItem>
          ))}
        </List>
      )}
      <Button
        size="small"
        startIcon={<AddIcon />}
        sx={{ mt: 1 }}
        onClick={() => setDialog({ bucket: null })}
      >
        Add bucket
      </Button>
      {dialog ? (
        <BucketDialog
          organizationId={organizationId}
          bucket={dialog.bucket}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Box>
  );
}
