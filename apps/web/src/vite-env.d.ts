/// <reference types="vite/client" />

/** The product version (root package.json), injected by Vite `define`. */
declare const __APP_VERSION__: string;

interface Window {
  /** e2e tests may freeze the app's clock by setting an ISO date-time here before the app starts. */
  __NURSERY_NOW__?: string;
}
