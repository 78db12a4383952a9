import { vi } from 'vitest';
import { setLogLevel } from '../../lib/platform/log';

/** Captures what the service logs (Powertools writes JSON lines to stdout/stderr) while `fn` runs. */
export async function captureLogs<T>(fn: () => Promise<T>, level: 'INFO' | 'ERROR' = 'INFO'): Promise<{ result: T; lines: string[] }> {
  const lines: string[] = [];
  const grab = (chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  };
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(grab as typeof process.stdout.write);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(grab as typeof process.stderr.write);
  setLogLevel(level);
  try {
    return { result: await fn(), lines };
  } finally {
    setLogLevel('SILENT');
    out.mockRestore();
    err.mockRestore();
  }
}
