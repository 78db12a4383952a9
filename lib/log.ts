/**
 * Structured JSON log lines. Never pass request bodies, passwords, tokens or codes:
 * errors are reduced to name, message and stack.
 */
type Level = 'info' | 'warn' | 'error';
const RANK: Record<Level | 'silent', number> = { info: 0, warn: 1, error: 2, silent: 3 };
const threshold = () => RANK[(process.env.LOG_LEVEL as Level | 'silent') ?? 'info'] ?? 0;

function line(level: Level, message: string, extra?: Record<string, unknown>) {
  if (RANK[level] < threshold()) return;
  const out = JSON.stringify({ level, message, time: new Date().toISOString(), ...extra });
  if (level === 'error') console.error(out);
  else if (level === 'warn') console.warn(out);
  else console.log(out);
}

const describe = (err: unknown) =>
  err instanceof Error ? { name: err.name, error: err.message, stack: err.stack } : { error: String(err) };

export const log = {
  info: (message: string, extra?: Record<string, unknown>) => line('info', message, extra),
  warn: (message: string, extra?: Record<string, unknown>) => line('warn', message, extra),
  error: (message: string, err?: unknown, extra?: Record<string, unknown>) =>
    line('error', message, { ...extra, ...(err === undefined ? {} : describe(err)) }),
};
