import { CONFIG_LOAD_FAILED } from '@asset-portal/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { loadRuntimeConfig } from './config/runtime-config.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// Nothing renders before the runtime config is known: the app depends on it throughout.
loadRuntimeConfig()
  .then((config) => {
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    console.error('Runtime config failed to load', error);
    root.render(<ConfigLoadFailed />);
  });

function ConfigLoadFailed() {
  return (
    <p
      role="alert"
      data-testid="config-error"
      style={{
        fontFamily: 'system-ui, sans-serif',
        margin: '3rem auto',
        maxWidth: 640,
        textAlign: 'center',
      }}
    >
      {CONFIG_LOAD_FAILED}
    </p>
  );
}
