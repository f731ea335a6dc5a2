import { createContext, type ReactNode, useContext } from 'react';
import type { RuntimeConfig } from './runtime-config.ts';

const ConfigContext = createContext<RuntimeConfig | null>(null);

/** Makes the runtime config, loaded before the app renders, available to every component. */
export function ConfigProvider({
  config,
  children,
}: {
  config: RuntimeConfig;
  children: ReactNode;
}) {
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

/** The runtime config served at /config/config.json. */
export function useConfig(): RuntimeConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig must be used inside ConfigProvider');
  return config;
}
