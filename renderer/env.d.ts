/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The client build's entry file (assets/index-….js), defined by the build. */
  readonly ATELIER_CLIENT_ENTRY?: string;
  /** Route id → the client chunks its pages need besides the app's start (scripts/vite/route-chunks.ts). */
  readonly ATELIER_ROUTE_CHUNKS?: Record<string, string[]>;
}
