/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of network line 2 (SPEC §7); unset means the same origin as line 1. */
  readonly VITE_LINE_2?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** English packs filtered by the `kestrel:english-packs` build plugin (build/english-packs.ts). */
declare module '*?english=core' {
  const pack: Record<string, string>;
  export default pack;
}
declare module '*?english=money' {
  const pack: Record<string, string>;
  export default pack;
}
declare module '*?english=chart' {
  const pack: Record<string, string>;
  export default pack;
}
declare module '*?english=trading' {
  const pack: Record<string, string>;
  export default pack;
}
declare module '*?english=bibi' {
  const pack: Record<string, string>;
  export default pack;
}
declare module '*?english=content' {
  const pack: Record<string, string>;
  export default pack;
}
declare module '*?english=errors' {
  const pack: Record<string, string>;
  export default pack;
}
