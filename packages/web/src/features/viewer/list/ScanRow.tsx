import CenterFocusStrongIcon from '@mui/icons-material/CenterFocusStrong';
import CenterFocusWeakIcon from '@mui/icons-material/CenterFocusWeak';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { styled } from '@mui/material/styles';
import { memo } from 'react';
import type { ViewerScan } from '../use-scans-summary.ts';
import { capturedSuffix, statusChipOf } from './scan-list-format.ts';

// Shared elements: a row updated with another scan keeps its icons without rendering them again.
const ICONS = {
  unchecked: <CheckBoxOutlineBlankIcon fontSize="small" />,
  checked: <CheckBoxIcon fontSize="small" />,
  focus: <CenterFocusWeakIcon fontSize="small" />,
  focused: <CenterFocusStrongIcon fontSize="small" />,
  visible: <VisibilityIcon fontSize="small" />,
  hidden: <VisibilityOffIcon fontSize="small" />,
};

/**
 * The list of a page of scans. A filter change shows twenty other scans, so the rows are plain
 * elements styled here once, not a dozen Material components each: the list follows a keystroke
 * without holding up the map.
 */
export const ScanRows = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  overflowY: 'auto',
  flexGrow: 1,
  minHeight: 0,
  '& .scan-row': {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr auto',
    alignItems: 'center',
    gap: theme.spacing(0.5),
    padding: theme.spacing(0.25, 0.5),
    borderBottom: `1px solid ${theme.palette.divider}`,
    borderLeft: '4px solid transparent',
  },
  '& .scan-row[data-hovered="true"]': {
    backgroundColor: theme.palette.action.hover,
  },
  '& .scan-row[data-focused="true"]': {
    borderLeftColor: theme.palette.primary.main,
    backgroundColor: theme.palette.action.selected,
  },
  '& .scan-row-check': {
    position: 'relative',
    display: 'inline-flex',
    padding: 7,
    borderRadius: '50%',
    color: theme.palette.action.active,
    cursor: 'pointer',
    '&[data-checked="true"]': { color: theme.palette.primary.main },
    '&:hover': { backgroundColor: theme.palette.action.hover },
    '&:has(input:focus-visible)': { outline: `2px solid ${theme.palette.primary.main}` },
    '& input': {
      position: 'absolute',
      inset: 0,
      width: '100%',
      height: '100%',
      margin: 0,
      opacity: 0,
      cursor: 'inherit',
    },
  },
  '& .scan-row-text': { minWidth: 0 },
  '& .scan-row-title': { display: 'flex', alignItems: 'center', gap: theme.spacing(1) },
  '& .scan-row-name': {
    ...theme.typography.body2,
    fontWeight: 600,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& .scan-row-chip': {
    ...theme.typography.body2,
    fontSize: '0.8125rem',
    lineHeight: '20px',
    height: 20,
    padding: '0 8px',
    borderRadius: 10,
    whiteSpace: 'nowrap',
    backgroundColor: theme.palette.action.selected,
    color: theme.palette.text.primary,
    '&[data-color="success"]': {
      backgroundColor: theme.palette.success.main,
      color: theme.palette.success.contrastText,
    },
    '&[data-color="warning"]': {
      backgroundColor: theme.palette.warning.main,
      color: theme.palette.warning.contrastText,
    },
  },
  '& .scan-row-line': {
    ...theme.typography.caption,
    display: 'block',
    color: theme.palette.text.secondary,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& .scan-row-actions': { display: 'flex' },
  '& .scan-row-button': {
    display: 'inline-flex',
    padding: 5,
    border: 0,
    borderRadius: '50%',
    background: 'none',
    color: theme.palette.action.active,
    cursor: 'pointer',
    '&:hover': { backgroundColor: theme.palette.action.hover },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}` },
    '&[aria-pressed="true"]': { color: theme.palette.primary.main },
    '&:disabled': { color: theme.palette.action.disabled, cursor: 'default', background: 'none' },
  },
}));

/** One scan of the list: select, name and status, id, session and time, focus and hide. */
export const ScanRow = memo(function ScanRow({
  scan,
  selected,
  visible,
  focused,
  hovered,
  onToggleSelect,
  onFocus,
  onToggleVisibility,
}: {
  scan: ViewerScan;
  selected: boolean;
  visible: boolean;
  focused: boolean;
  hovered: boolean;
  onToggleSelect(scan: ViewerScan): void;
  onFocus(scan: ViewerScan): void;
  onToggleVisibility(scanId: string): void;
}) {
  const chip = statusChipOf(scan);
  const session = scan.sessionId ?? 'No session';
  const captured = capturedSuffix(scan.capturedTimestamp);
  const visibility = visible ? 'Hide' : 'Show';
  return (
    <li
      className="scan-row"
      data-testid="scan-row"
      data-scan-id={scan.id}
      data-selected={selected}
      data-focused={focused}
      data-hovered={hovered}
    >
      <label className="scan-row-check" data-checked={selected}>
        <input
          type="checkbox"
          checked={selected}
          onChange={() => onToggleSelect(scan)}
          aria-label={`Select ${scan.id}`}
        />
        {selected ? ICONS.checked : ICONS.unchecked}
      </label>
      <div className="scan-row-text">
        <div className="scan-row-title">
          {/* The whole name on hover: a long one is cut at the row's width. */}
          <span className="scan-row-name" title={scan.friendlyName || scan.id}>
            {scan.friendlyName || scan.id}
          </span>
          <span className="scan-row-chip" data-color={chip.color} data-testid="scan-status">
            {chip.label}
          </span>
        </div>
        <span className="scan-row-line" data-testid="scan-id">
          {scan.id}
        </span>
        <span className="scan-row-line" title={`${session}${captured}`}>
          <span data-testid="scan-session">{session}</span>
          {captured}
        </span>
      </div>
      <div className="scan-row-actions">
        <button
          type="button"
          className="scan-row-button"
          title={focused ? 'Focused' : 'Focus'}
          aria-label={`Focus ${scan.id}`}
          aria-pressed={focused}
          onClick={() => onFocus(scan)}
        >
          {focused ? ICONS.focused : ICONS.focus}
        </button>
        <button
          type="button"
          className="scan-row-button"
          title={visibility}
          aria-label={`${visibility} ${scan.id}`}
          disabled={!selected}
          onClick={() => onToggleVisibility(scan.id)}
        >
          {visible || !selected ? ICONS.visible : ICONS.hidden}
        </button>
      </div>
    </li>
  );
});
