// The build's licence list (apps/web/vite.licences.ts): a virtual module, its own lazy chunk.
declare module 'virtual:nursery-licences' {
  const licences: readonly { name: string; version: string; license: string; text: string }[];
  export default licences;
}
