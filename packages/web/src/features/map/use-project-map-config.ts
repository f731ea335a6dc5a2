import { useMemo } from 'react';
import { useConfig } from '../../config/ConfigContext.tsx';
import { type ProjectMapConfig, parseMapRuntimeConfig, projectMapConfig } from './map-config.ts';

/** A project's map settings (point-cloud defaults, terrain, zoom limit) from the runtime config. */
export function useProjectMapConfig(projectId: string | null | undefined): ProjectMapConfig {
  const { map } = useConfig();
  return useMemo(() => projectMapConfig(parseMapRuntimeConfig(map), projectId), [map, projectId]);
}
