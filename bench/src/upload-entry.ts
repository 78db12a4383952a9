/**
 * Child process of the images phase (bench/src/images.ts): loads the upload function's
 * bundle in a fresh process, stores a 12 MP phone photo (from a file) through it `runs` times, and
 * the same bytes with a bare S3 PutObject as often, then prints what it measured and
 * the process's peak memory as one JSON line. Input: BENCH_UPLOAD (JSON) and the
 * service's environment.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { apiEvent } from '../../tests/support/event';
import { multipart } from '../../tests/support/form-body';

interface Input {
  bundle: string;
  /** The photo (made by the parent: its making is not this process's memory). */
  photoFile: string;
  token: string;
  runs: number;
}

const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

async function main() {
  const input = JSON.parse(process.env.BENCH_UPLOAD!) as Input;
  const photo = readFileSync(input.photoFile);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { handler } = require(input.bundle) as { handler: (e: unknown, c: unknown) => Promise<{ statusCode: number; body: string }> };
  const rssAfterLoad = process.memoryUsage().rss;
  const event = () =>
    apiEvent({
      method: 'POST',
      resource: '/api/upload/gambar',
      ...multipart({}, [{ field: 'file', data: photo, filename: 'IMG_0001.jpg', contentType: 'image/jpeg' }]),
      token: input.token,
    });
  const timed = async () => {
    const e = event();
    const t = performance.now();
    const res = await handler(e, { awsRequestId: randomUUID() });
    const ms = performance.now() - t;
    if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
    return { ms, body: JSON.parse(res.body) as { url: string; gambar_varian: Record<string, Record<string, string>> } };
  };
  const first = await timed(); // loads sharp
  const handlerMs: number[] = [];
  for (let i = 0; i < input.runs; i++) handlerMs.push((await timed()).ms);

  const s3 = new S3Client({
    region: process.env.AWS_REGION,
    endpoint: process.env.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: process.env.AWS_ACCESS_KEY_ID!, secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY! },
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  const put = () =>
    s3.send(
      new PutObjectCommand({ Bucket: process.env.BUCKET_NAME, Key: `bench/${randomUUID()}.jpg`, Body: photo, ContentType: 'image/jpeg' }),
    );
  await put();
  const putMs: number[] = [];
  for (let i = 0; i < input.runs; i++) {
    const t = performance.now();
    await put();
    putMs.push(performance.now() - t);
  }
  const size = async (url: string) => (await (await fetch(url)).arrayBuffer()).byteLength;
  const variants = first.body.gambar_varian[first.body.url]!;
  console.log(
    JSON.stringify({
      photoBytes: photo.length,
      firstMs: first.ms,
      handlerMs,
      putMs,
      storedBytes: await size(first.body.url),
      cardBytes: await size(variants.card!),
      thumbBytes: await size(variants.thumb!),
      rssAfterLoadMiB: mib(rssAfterLoad),
      maxRssMiB: Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10,
    }),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
