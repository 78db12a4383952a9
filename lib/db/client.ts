import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../platform/config';
import { awsClientOptions, withoutSdkLogging } from '../platform/aws';
import { traced } from '../platform/tracing';

let raw: DynamoDBClient | undefined;
let doc: DynamoDBDocumentClient | undefined;

/** The shared low-level DynamoDB client under db(): same middleware stack, for libraries that take an SDK client. */
export function dynamoClient(): DynamoDBClient {
  return (raw ??= traced(withoutSdkLogging(new DynamoDBClient(awsClientOptions(config().endpoints.dynamodb)))));
}

/** The shared DynamoDB document client (created once per Lambda container). */
export function db(): DynamoDBDocumentClient {
  if (!doc) {
    doc = DynamoDBDocumentClient.from(dynamoClient(), {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
  }
  return doc;
}

export const tableName = (): string => config().tableName;
