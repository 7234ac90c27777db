/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The client build's entry file (assets/index-….js), defined by the build. */
  readonly ATELIER_CLIENT_ENTRY?: string;
  /** Per route file (`news.$slug`), its chunk's stylesheets that index.html does not link. */
  readonly ATELIER_ROUTE_CSS?: Readonly<Record<string, readonly string[]>>;
}
