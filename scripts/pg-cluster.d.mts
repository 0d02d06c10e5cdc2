export function pgBinDir(): string | null;
export function startCluster(): Promise<{ dir: string; url: string }>;
export function stopCluster(dir: string): void;
export function pauseCluster(dir: string): void;
export function resumeCluster(dir: string, url: string): void;
