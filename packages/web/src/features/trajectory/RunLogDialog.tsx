import { useCallback } from 'react';
import { LogTextDialog } from '../../components/log-text/LogTextDialog.tsx';
import { fetchSignedText, useSignedS3Url } from './use-trajectory.ts';

/** A run's log text (the commands, RTKLIB's messages and the outcome), through a signed link. */
export function RunLogDialog({
  logS3Url,
  title,
  onClose,
}: {
  logS3Url: string;
  title: string;
  onClose(): void;
}) {
  const signedUrl = useSignedS3Url();
  const load = useCallback(() => fetchSignedText(signedUrl, logS3Url), [signedUrl, logS3Url]);
  return <LogTextDialog title={title} load={load} textTestId="run-log-text" onClose={onClose} />;
}
