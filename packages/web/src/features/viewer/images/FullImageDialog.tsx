import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
} from '@mui/material';
import { useState } from 'react';
import { CAMERA_NAMES, type Camera, TILE_RATIO } from './CameraTile.tsx';
import { FrameStepper } from './FrameStepper.tsx';
import { uprightImageStyle } from './frame-stepping.ts';
import type { FrameImages } from './use-frame-images.ts';

/** Height of the dialog around the image: title, stepper, buttons and margins. */
const DIALOG_CHROME_PX = 260;

/** One camera's image at full resolution; stepping frames here keeps the same camera. */
export function FullImageDialog({
  camera,
  links,
  index,
  count,
  onStep,
  onClose,
}: {
  camera: Camera | null;
  links: FrameImages | undefined;
  index: number;
  count: number;
  onStep(step: -1 | 1): void;
  onClose(): void;
}) {
  const image = camera && links ? links[camera] : null;
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  return (
    <Dialog open={camera !== null} onClose={onClose} maxWidth="lg" fullWidth>
      <DialogTitle>{camera ? `${CAMERA_NAMES[camera]} camera` : ''}</DialogTitle>
      <DialogContent>
        <FrameStepper index={index} count={count} capturedAt={links?.capturedAt} onStep={onStep} />
        <Box
          sx={{
            position: 'relative',
            // As large as the window allows with the title, stepper and buttons still in view.
            width: `min(100%, calc((100vh - ${DIALOG_CHROME_PX}px) * ${TILE_RATIO}))`,
            mx: 'auto',
            aspectRatio: `${TILE_RATIO}`,
            overflow: 'hidden',
            bgcolor: 'grey.900',
            mt: 1,
          }}
        >
          {image ? (
            <>
              {/* The thumbnail holds the place until the full image has arrived. */}
              <img
                src={image.thumbnailUrl}
                alt=""
                style={uprightImageStyle(image.jpegRotation, TILE_RATIO)}
              />
              <img
                src={image.url}
                alt={`${camera ? CAMERA_NAMES[camera] : ''} camera, full resolution`}
                data-testid="full-image"
                onLoad={() => setLoadedUrl(image.url)}
                style={uprightImageStyle(image.jpegRotation, TILE_RATIO)}
              />
              {loadedUrl !== image.url ? (
                <CircularProgress
                  size={32}
                  sx={{ position: 'absolute', top: 'calc(50% - 16px)', left: 'calc(50% - 16px)' }}
                />
              ) : null}
            </>
          ) : null}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
