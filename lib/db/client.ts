import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../platform/config';
import { awsClientOptions } from '../platform/aws';
import { traced } from '../platform/tracing';

let doc: DynamoDBDocumentClient | undefined;

/** The shared DynamoDB document client (created once per Lambda container). */
export function db(): DynamoDBDocumentClient {
  if (!doc) {
    const c = config();
    const client = traced(new DynamoDBClient(awsClientOptions(c.endpoints.dynamodb)));
    doc = DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
  }
  return doc;
}

export const tableName = (): string => config().tableName;
