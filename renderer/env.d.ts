/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The client build's entry file (assets/index-….js), defined by the build. */
  readonly ATELIER_CLIENT_ENTRY?: string;
}
