export function pgBinDir(): string | null;
export function startCluster(): Promise<{ dir: string; url: string }>;
export function stopCluster(dir: string): void;
