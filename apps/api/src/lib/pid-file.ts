import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database (PGlite) is one process's: a second process opening its folder
 * while the API runs could corrupt it. The API writes DATA_DIR/api.pid while it holds the
 * folder, and commands that open the database (reset-link) refuse while that process lives.
 */
export const apiPidFile = (dataDir: string) => path.join(dataDir, 'api.pid');

export function writeApiPid(dataDir: string): () => void {
  const file = apiPidFile(dataDir);
  writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
    } catch {
      // already gone
    }
  };
}

/** The pid of a running API that holds the embedded database in dataDir, or null. */
export function runningApiPid(dataDir: string): number | null {
  const file = apiPidFile(dataDir);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
