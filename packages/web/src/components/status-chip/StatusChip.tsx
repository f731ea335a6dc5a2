import { Chip, type ChipProps } from '@mui/material';
import { amber } from '@mui/material/colors';

export type StatusChipColor = 'default' | 'success' | 'warning';

/**
 * A scan status chip of the processing screens: green for final, yellow for provisional (spec,
 * Trajectory Processing). MUI's warning colour is orange, so 'warning' is drawn in amber here; the
 * viewer keeps orange, which its map's provisional paths share (yellow lines vanish on the map).
 */
export function StatusChip({
  color,
  ...props
}: Omit<ChipProps, 'color' | 'size'> & { color: StatusChipColor }) {
  return (
    <Chip
      size="small"
      color={color}
      data-color={color}
      sx={color === 'warning' ? { bgcolor: amber[500], color: 'rgba(0, 0, 0, 0.87)' } : undefined}
      {...props}
    />
  );
}
