// Issue 27: zod's jitless mode, before any schema is used. main.tsx imports this module first, so no
// `Function("")` probe trips the Content-Security-Policy on load (listed in package.json sideEffects).
import { enableJitlessSchemas } from '@nursery/domain/common';

enableJitlessSchemas();
