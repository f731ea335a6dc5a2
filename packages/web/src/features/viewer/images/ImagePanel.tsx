import { Box } from '@mui/material';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { Camera } from './CameraTile.tsx';
import { FullImageDialog } from './FullImageDialog.tsx';
import {
  neighbourIndexes,
  shownFrameIndex,
  stepForKey,
  steppedFrameIndex,
} from './frame-stepping.ts';
import { ImageStrip, type ImageStripState } from './ImageStrip.tsx';
import { useFrameImages, usePrefetchFrames } from './use-frame-images.ts';
import { useScanImages } from './use-scan-images.ts';

/**
 * The camera images (left, center, right) of the focused scan, one frame at a time: thumbnails
 * first, the full image in a dialog on a click; Previous/Next and the arrow keys step frames, and
 * the camera position is reported for the map's marker.
 */
export function ImagePanel({
  scanId,
  frameIndex,
  onFrameIndexChange,
  onCameraPositionChange,
}: {
  scanId: string | null;
  frameIndex: number | null;
  onFrameIndexChange(index: number): void;
  onCameraPositionChange(position: { lon: number; lat: number } | null): void;
}) {
  const { images, loading } = useScanImages(scanId);
  const index = shownFrameIndex(frameIndex, images.length);
  const frame = index === null ? null : images[index]!;
  const { links } = useFrameImages(scanId, frame ? frame.frame : null);
  const neighbours = index === null ? [] : neighbourIndexes(index, images.length);
  usePrefetchFrames(
    scanId,
    neighbours.map((i) => images[i]!.frame),
  );
  const [openCamera, setOpenCamera] = useState<Camera | null>(null);

  // The page may hand a new callback each render; the marker follows the frame, not the callback.
  const reportPosition = useRef(onCameraPositionChange);
  reportPosition.current = onCameraPositionChange;
  const lon = frame?.lon;
  const lat = frame?.lat;
  useEffect(() => {
    reportPosition.current(lon === undefined || lat === undefined ? null : { lon, lat });
  }, [lon, lat]);
  useEffect(() => () => reportPosition.current(null), []);

  const handleStep = (step: -1 | 1) => {
    if (index === null) return;
    const next = steppedFrameIndex(index, step, images.length);
    if (next !== null) onFrameIndexChange(next);
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    const step = stepForKey(event.key);
    if (step === null) return;
    event.preventDefault();
    handleStep(step);
  };

  const state: ImageStripState =
    scanId === null
      ? { kind: 'no-scan' }
      : loading && images.length === 0
        ? { kind: 'loading' }
        : index === null
          ? { kind: 'no-images' }
          : { kind: 'frame', index, count: images.length, links };

  return (
    // The panel takes the arrow keys once focused (a click on a button or tile focuses it).
    <Box
      role="group"
      aria-label="Camera images"
      tabIndex={0}
      onKeyDown={handleKeyDown}
      data-testid="image-panel"
      sx={{ outline: 'none' }}
    >
      <ImageStrip state={state} onStep={handleStep} onOpen={setOpenCamera} />
      {state.kind === 'frame' ? (
        <FullImageDialog
          camera={openCamera}
          links={links}
          index={state.index}
          count={state.count}
          onStep={handleStep}
          onClose={() => setOpenCamera(null)}
        />
      ) : null}
    </Box>
  );
}
