import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

/**
 * CloudWatch metrics in the embedded metric format (Powertools Metrics): JSON lines on
 * stdout that CloudWatch turns into metrics, no API calls. Namespace `TourismVillage`,
 * dimension `service`; request metrics also carry `route`. Off locally and in tests
 * (POWERTOOLS_METRICS_DISABLED=true, set by serverless.yml's local stage and the test setup).
 */
export const METRICS_NAMESPACE = 'TourismVillage';
export const SERVICE_NAME = 'tourism-village';

/** Powertools Metrics, exposing its on/off switch (POWERTOOLS_METRICS_DISABLED, POWERTOOLS_DEV) to recordRequest. */
class ServiceMetrics extends Metrics {
  get off(): boolean {
    return this.isDisabled();
  }
}

export const metrics = new ServiceMetrics({ namespace: METRICS_NAMESPACE, serviceName: SERVICE_NAME });

/** The business counters an on-call person watches (docs/operations.md). */
export type BusinessMetric =
  | 'SignUps'
  | 'AccountsVerified'
  | 'ResetCodesSent'
  | 'ResetCodesFailed'
  | 'MailsFailed'
  | 'ImagesStored'
  | 'ImagesRemoved'
  | 'ImagesRejected'
  | 'ExportsStored'
  | 'LoginThrottled'
  | 'LoginFailedNoAccount'
  | 'OptimisticLockRetries'
  | 'RetriesExhausted';

/** Counts a business event at once, with the `service` dimension only (so alarms can watch it). */
export function count(name: BusinessMetric, value = 1): void {
  if (value <= 0) return;
  metrics.singleMetric().addMetric(name, MetricUnit.Count, value);
}

/**
 * One request's metrics in one EMF document: `Requests2xx|4xx|5xx` and `Latency`, under two
 * dimension sets — per route, and the service totals the alarms and dashboard read.
 * Written directly rather than through Powertools' metric store: the document's shape is
 * fixed, and on the bench the store's bookkeeping cost ≈ 60 µs per request, a twentieth
 * of a single-item read (docs/decisions.md). Same switch as Powertools.
 */
export function recordRequest(route: string, statusCode: number, latencyMs: number, coldStart: boolean): void {
  if (coldStart) metrics.captureColdStartMetric();
  if (metrics.off) return;
  const requests = `Requests${Math.floor(statusCode / 100)}xx`;
  const emf = {
    _aws: {
      Timestamp: Date.now(),
      CloudWatchMetrics: [
        {
          Namespace: METRICS_NAMESPACE,
          Dimensions: [['service', 'route'], ['service']],
          Metrics: [
            { Name: requests, Unit: MetricUnit.Count },
            { Name: 'Latency', Unit: MetricUnit.Milliseconds },
          ],
        },
      ],
    },
    service: SERVICE_NAME,
    route,
    [requests]: 1,
    Latency: latencyMs,
  };
  process.stdout.write(`${JSON.stringify(emf)}\n`);
}
