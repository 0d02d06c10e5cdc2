/** The running app's version: the root package.json version, injected at build time by Vite `define`. */
export const APP_VERSION: string = __APP_VERSION__;
