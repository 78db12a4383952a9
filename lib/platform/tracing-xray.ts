import { Tracer } from '@aws-lambda-powertools/tracer';
import { SERVICE_NAME } from './metrics';

/**
 * AWS X-Ray subsegments through Powertools Tracer (the X-Ray SDK): each DynamoDB, S3 and
 * SES call, and each request's operation named after its route. Loaded by lib/platform/tracing.ts
 * only in stages that trace AWS calls.
 */
const tracer = new Tracer({ serviceName: SERVICE_NAME });

// Powertools itself stays off outside Lambda (serverless-offline, tests).
export const traced = <T>(client: T): T => (tracer.isTracingEnabled() ? tracer.captureAWSv3Client(client) : client);

export async function inSubsegment<T>(name: string, coldStart: boolean, fn: () => Promise<T>): Promise<T> {
  const parent = tracer.isTracingEnabled() ? tracer.getSegment() : undefined;
  if (!parent) return fn();
  const sub = parent.addNewSubsegment(`## ${name}`);
  tracer.setSegment(sub);
  if (coldStart) tracer.annotateColdStart();
  tracer.putAnnotation('route', name);
  try {
    return await fn();
  } catch (err) {
    tracer.addErrorAsMetadata(err as Error);
    throw err;
  } finally {
    sub.close();
    tracer.setSegment(parent);
  }
}
