// The signatures module's front door (issue 28): what other modules may use. Imports from another module go
// through this file only (dependency-cruiser rule modules-through-index).
export { newKey, pngOf, readImage, removeImages, storeImage } from './storage.ts';
