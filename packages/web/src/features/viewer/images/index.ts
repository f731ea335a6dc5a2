export { ImagePanel } from './ImagePanel.tsx';
export { nearestFrameIndex } from './nearest-frame.ts';
export { useScanImages } from './use-scan-images.ts';
