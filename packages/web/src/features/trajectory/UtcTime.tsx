import { Box } from '@mui/material';
import { formatUtc } from './trajectory-format.ts';

/** A UTC time that breaks, when it must, only between its date and its time of day. */
export function UtcTime({ timestamp }: { timestamp: string | null | undefined }) {
  const [date, time] = formatUtc(timestamp).split(' ');
  return (
    <span>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {date}
      </Box>
      {time ? (
        <>
          {' '}
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {time}
          </Box>
        </>
      ) : null}
    </span>
  );
}

/** 'start – end' in UTC, breaking only between the two times. */
export function UtcPeriod({
  start,
  end,
}: {
  start: string | null | undefined;
  end: string | null | undefined;
}) {
  if (!start && !end) return null;
  return (
    <>
      <UtcTime timestamp={start} /> – <UtcTime timestamp={end} />
    </>
  );
}
