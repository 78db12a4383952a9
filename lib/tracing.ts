import { Tracer } from '@aws-lambda-powertools/tracer';
import { SERVICE_NAME } from './metrics';

/**
 * AWS X-Ray through Powertools Tracer: the AWS SDK clients are captured (each DynamoDB,
 * S3 and SES call is a subsegment) and each request's domain operation gets a subsegment
 * named after its route. On AWS `tracing: lambda/apiGateway` in serverless.yml turns it
 * on; locally it is off unless POWERTOOLS_TRACE_ENABLED=true.
 */
export const tracer = new Tracer({ serviceName: SERVICE_NAME });

/** An AWS SDK v3 client whose calls are traced (the client itself when tracing is off). */
export const traced = <T>(client: T): T => (tracer.isTracingEnabled() ? tracer.captureAWSv3Client(client) : client);

/** Runs one request's operation in a subsegment `## <route>`, with the cold start annotated and errors attached. */
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
