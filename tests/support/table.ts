import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../lib/db/client';

/**
 * Every data item of this test file's table (a Scan: test inspection only, never on a
 * request path). The list-version shards (LISTVER#…, bookkeeping that writes create)
 * are left out unless asked for.
 */
export async function allItems(opts: { withListVersions?: boolean } = {}): Promise<Record<string, any>[]> {
  const items: Record<string, any>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return opts.withListVersions ? items : items.filter((i) => !String(i.PK).startsWith('LISTVER#'));
}

/** Counts the DynamoDB commands lib/ sends, by name, while `fn` runs. */
export async function countCommands<T>(fn: () => Promise<T>): Promise<{ result: T; counts: Record<string, number> }> {
  const counts: Record<string, number> = {};
  const name = `count-${Math.random()}`;
  db().middlewareStack.add(
    (next, context) => async (args) => {
      const cmd = context.commandName ?? 'unknown';
      counts[cmd] = (counts[cmd] ?? 0) + 1;
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    return { result: await fn(), counts };
  } finally {
    db().middlewareStack.remove(name);
  }
}
