/**
 * What `npm start` shows of serverless-offline's output: the functions' own log lines
 * (one JSON line per request, lib/http/handler.ts) and serverless-offline's warnings and
 * errors, without its per-request lines (the method and path, then the request id and
 * duration: the JSON line has both) and without its start-up banner, whose invoke URLs
 * name the HTTP port and short function names, which answer 404. `readyBanner` says
 * instead where the API and the invoke endpoint really are.
 */
const DROPPED = [
  /^\s*$/,
  /^[│┌└├─]/, // the banner's box of routes
  /^(GET|POST|PUT|PATCH|DELETE|OPTIONS|HEAD|ANY) \S+ \(λ: [^)]+\)$/,
  /^\(λ: [^)]+\) RequestId: /,
  /^Function names exposed for local invocation/,
  /^ {3}\* \w+: \S+$/,
  /^Offline \[http for lambda\] listening on /,
  /^Server ready: /,
  // the outbox drain's schedule fires every minute (and npm start invokes it every few seconds): its own line says when it sent
  /^Successfully invoked scheduled function: \[notificationsOutbox\]$/,
  // the import worker's (every minute): it logs a line of its own when it checked or applied something
  /^Successfully invoked scheduled function: \[importWorker\]$/,
];

/** The line to show, or undefined to drop it. */
export function offlineLine(line: string): string | undefined {
  return DROPPED.some((re) => re.test(line)) ? undefined : line;
}

/** True for serverless-offline's line that says the HTTP server listens. */
export const isReadyLine = (line: string) => /^Server ready: /.test(line);

export function readyBanner(o: { httpPort: number; lambdaPort: number; service: string; stage: string }): string {
  return [
    `API ready on http://127.0.0.1:${o.httpPort} (reference: http://127.0.0.1:${o.httpPort}/docs)`,
    `Invoke a function directly: POST http://127.0.0.1:${o.lambdaPort}/2015-03-31/functions/${o.service}-${o.stage}-<function>/invocations ` +
      `(e.g. ${o.service}-${o.stage}-villageList; function names: lib/routes.ts)`,
    'Each request logs one JSON line below.',
  ].join('\n');
}
