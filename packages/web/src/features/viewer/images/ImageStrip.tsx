import { Box, CircularProgress, Typography } from '@mui/material';
import { type Camera, CameraTile } from './CameraTile.tsx';
import { FrameStepper } from './FrameStepper.tsx';
import type { FrameImages } from './use-frame-images.ts';

const CAMERAS: readonly Camera[] = ['left', 'center', 'right'];

export type ImageStripState =
  | { kind: 'no-scan' }
  | { kind: 'loading' }
  | { kind: 'no-images' }
  | { kind: 'frame'; index: number; count: number; links: FrameImages | undefined };

function Message({ children }: { children: React.ReactNode }) {
  return (
    <Typography
      color="text.secondary"
      sx={{ p: 2, textAlign: 'center' }}
      data-testid="image-panel-message"
    >
      {children}
    </Typography>
  );
}

/** What the images panel shows for a state: a message, or the frame's three cameras. */
export function ImageStrip({
  state,
  onStep,
  onOpen,
}: {
  state: ImageStripState;
  onStep(step: -1 | 1): void;
  onOpen(camera: Camera): void;
}) {
  if (state.kind === 'no-scan') return <Message>No scan focused</Message>;
  if (state.kind === 'no-images') return <Message>This scan has no images</Message>;
  if (state.kind === 'loading') {
    return (
      <Box sx={{ p: 2, display: 'grid', placeItems: 'center' }}>
        <CircularProgress size={24} aria-label="Loading images" />
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, p: 1 }}>
      <FrameStepper
        index={state.index}
        count={state.count}
        capturedAt={state.links?.capturedAt}
        onStep={onStep}
      />
      <Box sx={{ display: 'flex', gap: 0.5 }}>
        {CAMERAS.map((camera) => (
          <CameraTile
            key={camera}
            camera={camera}
            links={state.links ? state.links[camera] : undefined}
            onOpen={onOpen}
          />
        ))}
      </Box>
    </Box>
  );
}
