/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_APP_NAME?: string;
  readonly VITE_API_BASE?: string;
  readonly VITE_AI_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** Runtime settings the API may inject into index.html (see src/config/env.ts). */
interface Window {
  __APP_CONFIG__?: {
    appName?: string;
    apiBase?: string;
    aiBase?: string;
  };
}
