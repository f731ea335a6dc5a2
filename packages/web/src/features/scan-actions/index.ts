export { type BoxCorners, FocusedScanActions } from './FocusedScanActions.tsx';
