import { db } from '../../lib/db/client';
import { ses } from '../../lib/mail/ses';
import { s3 } from '../../lib/storage/s3';

export class InjectedFault extends Error {
  constructor(
    readonly step: number,
    readonly command: string,
  ) {
    super(`injected fault at step ${step} (${command})`);
    this.name = 'InjectedFault';
  }
}

export interface FaultRun<T> {
  result: T;
  /** Every AWS call made, in order: "DynamoDB:TransactWriteItemsCommand", "S3:PutObjectCommand", … */
  calls: string[];
  /** The call that failed, if the fault step was reached. */
  faulted?: string;
}

/**
 * Runs `fn`, failing the `failAt`-th AWS call (1-based; 0 = none) made through the
 * service's DynamoDB, S3 or SES client. The fault is thrown in the SDK's initialize
 * step, before its retry logic, so lib/ sees exactly one failed call — the one a real
 * outage or throttling burst would make fail.
 */
export async function withFaultAt<T>(failAt: number, fn: () => Promise<T>): Promise<FaultRun<T>> {
  return withFaultWhere((_label, calls) => calls.length === failAt, fn);
}

/** Like withFaultAt, failing the `nth` call (1-based) of one command, e.g. the third TransactWriteItemsCommand. */
export function withFaultAtNth<T>(command: string, nth: number, fn: () => Promise<T>): Promise<FaultRun<T>> {
  return withFaultWhere((_label, calls) => calls.filter((c) => c === command).length === nth && calls.at(-1) === command, fn);
}

async function withFaultWhere<T>(fails: (label: string, calls: string[]) => boolean, fn: () => Promise<T>): Promise<FaultRun<T>> {
  const calls: string[] = [];
  let faulted: string | undefined;
  const name = `fault-${Math.random()}`;
  // The three clients' stacks differ only in their input/output types; the middleware is type-agnostic.
  type AnyStack = { add(mw: unknown, opts: unknown): void; remove(name: string): boolean };
  const stacks: [string, AnyStack][] = [
    ['DynamoDB', db().middlewareStack as unknown as AnyStack],
    ['S3', (await s3()).client.middlewareStack as unknown as AnyStack],
    ['SES', (await ses()).client.middlewareStack as unknown as AnyStack],
  ];
  for (const [service, stack] of stacks) {
    stack.add(
      (next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) => async (args: unknown) => {
        const label = `${service}:${context.commandName ?? '?'}`;
        calls.push(label);
        if (!faulted && fails(label, calls)) {
          faulted = label;
          throw new InjectedFault(calls.length, label);
        }
        return next(args);
      },
      { step: 'initialize', name, priority: 'high' },
    );
  }
  try {
    return { result: await fn(), calls, faulted };
  } finally {
    for (const [, stack] of stacks) stack.remove(name);
  }
}
