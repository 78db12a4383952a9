import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { config } from '../platform/config';
import { count } from '../platform/metrics';
import { traced } from '../platform/tracing';
import { awsClientOptions, withoutSdkLogging } from '../platform/aws';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

let client: SESClient | undefined;
export const ses = () => (client ??= traced(withoutSdkLogging(new SESClient(awsClientOptions(config().endpoints.ses)))));

/** Sends one e-mail (plain text + HTML) through SES. Throws when SES refuses it. */
export async function sendMail(mail: Mail): Promise<void> {
  try {
    await ses().send(
      new SendEmailCommand({
        Source: config().mailFrom,
        Destination: { ToAddresses: [mail.to] },
        Message: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
        },
      }),
    );
  } catch (err) {
    count('MailsFailed');
    throw err;
  }
}
