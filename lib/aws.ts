/**
 * Credentials for a local emulator endpoint: serverless-offline injects none, and
 * DynamoDB Local and s3rver accept these alphanumeric ones. On AWS (no endpoint) the
 * SDK's default chain (the Lambda role) is used.
 */
export function localCredentials(endpoint: string | undefined) {
  if (!endpoint) return undefined;
  return {
    accessKeyId: process.env.AWS_ACCESS_KEY_ID || 'S3RVER',
    secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY || 'S3RVER',
  };
}
