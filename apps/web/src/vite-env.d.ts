/// <reference types="vite/client" />

interface Window {
  /** e2e tests may freeze the app's clock by setting an ISO date-time here before the app starts. */
  __NURSERY_NOW__?: string;
}
