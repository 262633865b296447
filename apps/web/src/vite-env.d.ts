/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of network line 2 (SPEC §7); unset means the same origin as line 1. */
  readonly VITE_LINE_2?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
