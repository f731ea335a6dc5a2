import { countOf, dateFilterLabel } from '@asset-portal/shared';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import EventIcon from '@mui/icons-material/Event';
import {
  Box,
  Button,
  IconButton,
  InputAdornment,
  Popover,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { type KeyboardEvent, memo, useMemo, useRef, useState } from 'react';
import {
  type CalendarMonth,
  isDayPicked,
  monthLabel,
  monthOf,
  monthWeeks,
  nextDateSelection,
  shiftMonth,
} from './date-selection.ts';

const WEEKDAYS = ['S', 'M', 'T', 'W', 'T', 'F', 'S'];
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'F4']);

/**
 * The filter's date field: it reads 'on: d' or 'from: d1 to: d2' and opens a calendar on which
 * only the days with scans can be picked.
 */
export const DateFilterField = memo(function DateFilterField({
  dates,
  scanCountByDay,
  onChange,
}: {
  dates: readonly string[];
  /** Scans captured on each UTC day; the only pickable days. */
  scanCountByDay: ReadonlyMap<string, number>;
  onChange(dates: string[]): void;
}) {
  const anchor = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const latestDay = useMemo(
    () => [...scanCountByDay.keys()].sort().at(-1) ?? null,
    [scanCountByDay],
  );
  const [month, setMonth] = useState<CalendarMonth | null>(null);
  const startDay = dates[0] ?? latestDay;
  const shown = month ?? (startDay ? monthOf(startDay) : monthOf(new Date().toISOString()));

  const handleOpen = () => {
    setMonth(null);
    setOpen(true);
  };
  // The keys that open a date picker: a keyboard reaches the calendar as a mouse does.
  const handleKeyDown = (event: KeyboardEvent) => {
    if (OPENING_KEYS.has(event.key) && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      handleOpen();
    }
  };

  return (
    <>
      <TextField
        ref={anchor}
        size="small"
        label="Date"
        value={dateFilterLabel(dates)}
        onClick={handleOpen}
        onKeyDown={handleKeyDown}
        placeholder="Any date"
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: {
            readOnly: true,
            'aria-haspopup': 'dialog',
            'data-testid': 'filter-date',
            style: { cursor: 'pointer' },
          },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <EventIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        fullWidth
      />
      <Popover
        open={open}
        anchorEl={anchor.current}
        onClose={() => setOpen(false)}
        disableScrollLock
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Box sx={{ p: 1.5, width: 292 }} data-testid="date-calendar">
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
            <IconButton
              size="small"
              aria-label="Previous month"
              onClick={() => setMonth(shiftMonth(shown, -1))}
            >
              <ChevronLeftIcon />
            </IconButton>
            <Typography variant="subtitle2" data-testid="calendar-month">
              {monthLabel(shown)}
            </Typography>
            <IconButton
              size="small"
              aria-label="Next month"
              onClick={() => setMonth(shiftMonth(shown, 1))}
            >
              <ChevronRightIcon />
            </IconButton>
          </Box>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 0.25, mt: 1 }}>
            {WEEKDAYS.map((name, index) => (
              <Typography
                // biome-ignore lint/suspicious/noArrayIndexKey: weekday letters repeat
                key={index}
                variant="caption"
                color="text.secondary"
                sx={{ textAlign: 'center' }}
              >
                {name}
              </Typography>
            ))}
            {monthWeeks(shown)
              .flat()
              .map((day, index) =>
                day === null ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: blank cells have no identity
                  <Box key={`blank-${index}`} />
                ) : (
                  <CalendarDay
                    key={day}
                    day={day}
                    count={scanCountByDay.get(day) ?? 0}
                    picked={isDayPicked(dates, day)}
                    onPick={() => onChange(nextDateSelection(dates, day))}
                  />
                ),
              )}
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 1 }}>
            <Button size="small" onClick={() => onChange([])} disabled={dates.length === 0}>
              Clear
            </Button>
            <Button size="small" onClick={() => setOpen(false)}>
              Done
            </Button>
          </Box>
        </Box>
      </Popover>
    </>
  );
});

function CalendarDay({
  day,
  count,
  picked,
  onPick,
}: {
  day: string;
  count: number;
  picked: boolean;
  onPick(): void;
}) {
  const scans = countOf(count, 'scan');
  const button = (
    <Button
      size="small"
      variant={picked ? 'contained' : 'text'}
      disabled={count === 0}
      onClick={onPick}
      // The day itself, then its scans (the tooltip's text alone would name no day).
      aria-label={count > 0 ? `${day}, ${scans}` : day}
      aria-pressed={picked}
      data-testid={`calendar-day-${day}`}
      sx={{ minWidth: 0, p: 0.5, fontWeight: count > 0 ? 700 : 400 }}
    >
      {Number(day.slice(8, 10))}
    </Button>
  );
  if (count === 0) return button;
  return <Tooltip title={scans}>{button}</Tooltip>;
}
