import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

/**
 * CloudWatch metrics in the embedded metric format (Powertools Metrics): JSON lines on
 * stdout that CloudWatch turns into metrics, no API calls. Namespace `TourismVillage`,
 * dimension `service`; request metrics also carry `route`. Off locally and in tests
 * (POWERTOOLS_METRICS_DISABLED=true, set by serverless.yml's local stage and the test setup).
 */
export const METRICS_NAMESPACE = 'TourismVillage';
export const SERVICE_NAME = 'tourism-village';

export const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: SERVICE_NAME });

/** The business counters an on-call person watches (README "Operating it"). */
export type BusinessMetric =
  | 'SignUps'
  | 'AccountsVerified'
  | 'ResetCodesSent'
  | 'ResetCodesFailed'
  | 'MailsFailed'
  | 'ImagesStored'
  | 'ImagesRemoved'
  | 'ImagesRejected'
  | 'LoginThrottled'
  | 'OptimisticLockRetries';

/** Counts a business event at once, with the `service` dimension only (so alarms can watch it). */
export function count(name: BusinessMetric, value = 1): void {
  if (value <= 0) return;
  metrics.singleMetric().addMetric(name, MetricUnit.Count, value);
}

/**
 * One request's metrics in one EMF document: `Requests2xx|4xx|5xx` and `Latency`, under two
 * dimension sets — per route, and the service totals the alarms and dashboard read.
 */
export function recordRequest(route: string, statusCode: number, latencyMs: number, coldStart: boolean): void {
  if (coldStart) metrics.captureColdStartMetric();
  metrics.addDimension('route', route);
  metrics.addDimensions({}); // the second set: `service` only
  metrics.addMetric(`Requests${Math.floor(statusCode / 100)}xx`, MetricUnit.Count, 1);
  metrics.addMetric('Latency', MetricUnit.Milliseconds, latencyMs);
  metrics.publishStoredMetrics();
}
