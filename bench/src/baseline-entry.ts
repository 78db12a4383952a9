/**
 * The cold-start baseline: a function that only imports and creates the SDK clients the
 * service uses (DynamoDB + document client, S3, SES), built like the real functions.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SESClient } from '@aws-sdk/client-ses';

const region = process.env.AWS_REGION || 'ap-southeast-3';
export const documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({ region }));
export const s3 = new S3Client({ region });
export const ses = new SESClient({ region });

export const handler = async () => ({ statusCode: 200, body: '{}' });
