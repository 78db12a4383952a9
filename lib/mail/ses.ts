import { config } from '../platform/config';
import { count } from '../platform/metrics';
import { awsClientOptions, onFirstUse } from '../platform/aws';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The SES SDK and the one SES client of a function, loaded and made on first use (`onFirstUse`). */
export const ses = /* @__PURE__ */ onFirstUse(
  () => import('@aws-sdk/client-ses'),
  (sdk) => new sdk.SESClient(awsClientOptions(config().endpoints.ses)),
);

/** Sends one e-mail (plain text + HTML) through SES. Throws when SES refuses it. */
export async function sendMail(mail: Mail): Promise<void> {
  try {
    const { client, sdk } = await ses();
    await client.send(
      new sdk.SendEmailCommand({
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
