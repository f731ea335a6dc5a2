import { Box, ButtonBase, Typography } from '@mui/material';
import { uprightImageStyle } from './frame-stepping.ts';
import type { CameraImageLinks } from './use-frame-images.ts';

/** Width / height of a tile: the cameras' upright frames are 16:10. */
export const TILE_RATIO = 1.6;

export type Camera = 'left' | 'center' | 'right';

export const CAMERA_NAMES: Record<Camera, string> = {
  left: 'Left',
  center: 'Center',
  right: 'Right',
};

/** One camera's thumbnail, turned upright; a click opens the full image. */
export function CameraTile({
  camera,
  links,
  onOpen,
}: {
  camera: Camera;
  links: CameraImageLinks | null | undefined;
  onOpen(camera: Camera): void;
}) {
  const name = CAMERA_NAMES[camera];
  return (
    <Box sx={{ flex: 1, minWidth: 0 }} data-testid={`camera-${camera}`}>
      <Typography variant="caption" component="div" sx={{ textAlign: 'center' }}>
        {name}
      </Typography>
      <ButtonBase
        onClick={() => onOpen(camera)}
        disabled={!links}
        aria-label={`Enlarge the ${name.toLowerCase()} camera image`}
        sx={{
          position: 'relative',
          display: 'block',
          width: '100%',
          aspectRatio: `${TILE_RATIO}`,
          overflow: 'hidden',
          bgcolor: 'grey.900',
          borderRadius: 1,
        }}
      >
        {links ? (
          <img
            src={links.thumbnailUrl}
            alt={`${name} camera`}
            data-testid={`camera-thumbnail-${camera}`}
            style={uprightImageStyle(links.jpegRotation, TILE_RATIO)}
          />
        ) : (
          <Typography
            variant="caption"
            sx={{
              color: 'grey.500',
              position: 'absolute',
              inset: 0,
              display: 'grid',
              placeItems: 'center',
            }}
          >
            No image
          </Typography>
        )}
      </ButtonBase>
    </Box>
  );
}
