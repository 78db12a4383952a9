import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { failedConditions, projection, unlessConditionFails } from '../../lib/db/helpers';
import { guardedRefs, imageClaim, ImageReleasedError, imageRelease, REF_ROOM } from '../../lib/db/image-refs';
import { keys } from '../../lib/db/keys';
import { guarded, guardOf, isTransactionConflict } from '../../lib/db/transact';

/** A cancelled TransactWriteItems as the SDK throws it, one reason per action (Code undefined: no code). */
const cancelled = (...codes: (string | undefined)[]) =>
  new TransactionCanceledException({
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
    $metadata: {},
    CancellationReasons: codes.map((Code) => (Code === undefined ? {} : { Code })),
  });

const conditionFailed = () => new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });

describe('failedConditions', () => {
  it('lists the indexes of the actions whose condition failed', () => {
    expect(failedConditions(cancelled('None', 'ConditionalCheckFailed', 'None'))).toEqual([1]);
    expect(failedConditions(cancelled('ConditionalCheckFailed', 'None', 'ConditionalCheckFailed'))).toEqual([0, 2]);
    expect(failedConditions(cancelled(undefined, 'ConditionalCheckFailed'))).toEqual([1]);
  });

  it('is null when anything else cancelled the transaction, or when it is no cancellation', () => {
    expect(failedConditions(cancelled('ConditionalCheckFailed', 'TransactionConflict'))).toBeNull();
    expect(failedConditions(cancelled('ValidationError'))).toBeNull();
    expect(failedConditions(cancelled('None', 'None'))).toBeNull();
    expect(failedConditions(conditionFailed())).toBeNull();
    expect(failedConditions(new Error('ConditionalCheckFailed'))).toBeNull();
  });
});

describe('isTransactionConflict', () => {
  it('is true for a cancellation caused only by concurrent transactions', () => {
    expect(isTransactionConflict(cancelled('TransactionConflict'))).toBe(true);
    expect(isTransactionConflict(cancelled('None', 'TransactionConflict', undefined))).toBe(true);
    expect(isTransactionConflict({ name: 'TransactionConflictException' })).toBe(true);
  });

  it('is false when a condition failed too, or for other errors', () => {
    expect(isTransactionConflict(cancelled('ConditionalCheckFailed', 'TransactionConflict'))).toBe(false);
    expect(isTransactionConflict(cancelled())).toBe(false);
    expect(isTransactionConflict(conditionFailed())).toBe(false);
    expect(isTransactionConflict(new Error('TransactionConflict'))).toBe(false);
    expect(isTransactionConflict(null)).toBe(false);
    expect(isTransactionConflict(undefined)).toBe(false);
  });
});

describe('guarded items (failed conditions of a change with image reference writes at its end)', () => {
  // 3 actions of the change itself (0–2; 0 and 2 guarded), then 2 reference writes (3–4)
  const item = { ConditionCheck: { TableName: 't', Key: {}, ConditionExpression: 'x' } };
  const own = (n: number) => guarded(item, () => new Error(`own ${n}`));
  const steps = [own(0), item, own(2), ...guardedRefs([item, item])];

  it("names the change's own first failed guarded item, before any reference write", () => {
    expect(guardOf(steps, [0])?.message).toBe('own 0');
    expect(guardOf(steps, [4, 3, 2])?.message).toBe('own 2');
    expect(guardOf(steps, [2, 0])?.message).toBe('own 0');
  });

  it('means ImageReleasedError when only a claim failed', () => {
    expect(guardOf(steps, [3])).toBeInstanceOf(ImageReleasedError);
    expect(guardOf(steps, [1, 4])).toBeInstanceOf(ImageReleasedError);
  });

  it('names nothing when only unguarded items failed (the cancellation goes on as it is)', () => {
    expect(guardOf(steps, [1])).toBeUndefined();
  });

  it('leaves room for a description write in a 100-action transaction', () => {
    expect(REF_ROOM).toBe(90);
  });
});

describe('image reference writes', () => {
  it('a claim is refused once the sweep marked the object; a release has no condition', () => {
    const claim = imageClaim('images/DESA-1/a.png', 'DESA-1', 1_700_000_000_000).Update!;
    expect(claim.Key).toEqual(keys.imageRef('images/DESA-1/a.png'));
    expect(claim.TableName).toBe('unit-no-table');
    expect(claim.ConditionExpression).toBe('attribute_not_exists(deleting)');
    expect(claim.UpdateExpression).toBe('SET object_key = :key, touched_at = :now ADD version :one, villages :kd');
    expect(claim.ExpressionAttributeValues).toEqual({
      ':key': 'images/DESA-1/a.png',
      ':now': 1_700_000_000_000,
      ':one': 1,
      ':kd': new Set(['DESA-1']),
    });
    const release = imageRelease('images/DESA-1/a.png', 'DESA-1', 5).Update!;
    expect(release.ConditionExpression).toBeUndefined();
    expect(release.UpdateExpression).toBe(claim.UpdateExpression);
  });
});

describe('helpers', () => {
  it('projection aliases every attribute name (reserved words are safe)', () => {
    expect(projection(['name', 'status', 'kd_desa'])).toEqual({
      ProjectionExpression: '#p0, #p1, #p2',
      ExpressionAttributeNames: { '#p0': 'name', '#p1': 'status', '#p2': 'kd_desa' },
    });
  });

  it('unlessConditionFails: true when written, false when the condition refused, other errors thrown', async () => {
    await expect(unlessConditionFails(Promise.resolve({}))).resolves.toBe(true);
    await expect(unlessConditionFails(Promise.reject(conditionFailed()))).resolves.toBe(false);
    const other = cancelled('ConditionalCheckFailed');
    await expect(unlessConditionFails(Promise.reject(other))).rejects.toBe(other);
  });
});
