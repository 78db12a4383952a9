import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { DomainError, notFound } from '../../lib/contract/errors';
import { listPage, listPagingQuery, MAX_LIST_LIMIT, pageQuery } from '../../lib/contract/inputs';
import { MSG, withFields } from '../../lib/contract/messages';
import {
  asRefusal,
  declaredRefusal,
  namingFields,
  namingRefusal,
  nonBlank,
  parseInput,
  refusals,
  whenFieldsValid,
} from '../../lib/contract/validation';
import { inputReader, type InputSpec } from '../../lib/http/input';

/** The DomainError a parse throws (fails the test when it parses). */
function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    return err as DomainError;
  }
  return expect.fail('the value was accepted');
}

describe('withFields', () => {
  it('appends the fields once each, in order', () => {
    expect(withFields(MSG.villageInvalid, ['email', 'nama_desa', 'email'])).toBe('Data desa wisata tidak valid: email, nama_desa');
    expect(withFields(MSG.villageInvalid, [])).toBe('Data desa wisata tidak valid');
  });
});

describe('parseInput', () => {
  const body = z.object({ a: z.string(), b: z.number({ error: 'b must be a number' }) });

  it('returns the parsed value', () => {
    expect(parseInput(body, { a: 'x', b: 1, extra: true }, 'refused')).toEqual({ a: 'x', b: 1 });
  });

  it('answers 400 with the refusal text when the first issue has no text of its own', () => {
    const err = refusal(() => parseInput(body, { b: 1 }, 'refused'));
    expect(err.kind).toBe('invalid');
    expect(err.message).toBe('refused');
  });

  it("answers 400 with the first issue's own text when it has one", () => {
    expect(refusal(() => parseInput(body, { a: 'x', b: 'one' }, 'refused')).message).toBe('b must be a number');
    const refined = z.object({ p: z.string() }).refine((v) => v.p !== 'no', { error: 'p may not be no' });
    expect(refusal(() => parseInput(refined, { p: 'no' }, 'refused')).message).toBe('p may not be no');
  });

  it('builds the error with a refusal function (e.g. a 404)', () => {
    const err = refusal(() => parseInput(z.object({ email: z.string().min(1) }), { email: '' }, () => notFound(MSG.userNotFound)));
    expect(err.kind).toBe('notFound');
    expect(err.message).toBe('Pengguna tidak ditemukan');
  });
});

describe('namingFields', () => {
  const schema = z.object({ email: z.email(), nama: z.string().min(1), items: z.array(z.object({ n: z.number() })) });

  it('names the top-level fields that failed', () => {
    const err = refusal(() =>
      parseInput(schema, { email: 'nope', nama: '', items: [{ n: 1 }, { n: 'x' }] }, namingFields(MSG.villageInvalid)),
    );
    expect(err.message).toBe('Data desa wisata tidak valid: email, nama, items');
  });

  it('names "body" when the body itself is not an object', () => {
    expect(refusal(() => parseInput(schema, 'text', namingFields(MSG.villageStatusInvalid))).message).toBe(
      'Data status desa tidak valid: body',
    );
    expect(refusal(() => parseInput(schema, [], namingFields(MSG.villageStatusInvalid))).message).toBe(
      'Data status desa tidak valid: body',
    );
  });
});

describe('nonBlank and whenFieldsValid', () => {
  it('nonBlank refuses empty and white-space strings and keeps the value as sent', () => {
    expect(nonBlank.safeParse('').success).toBe(false);
    expect(nonBlank.safeParse(' \t\n').success).toBe(false);
    expect(nonBlank.safeParse(5).success).toBe(false);
    expect(nonBlank.parse('  a@b.co ')).toBe('  a@b.co ');
  });

  it('whenFieldsValid runs an object refinement only once every field is valid', () => {
    const schema = z.object({ a: z.string(), b: z.string() }).refine((v) => v.a === v.b, { error: 'a and b differ', ...whenFieldsValid });
    expect(refusal(() => parseInput(schema, { a: 'x' }, 'fields missing')).message).toBe('fields missing');
    expect(refusal(() => parseInput(schema, { a: 'x', b: 'y' }, 'fields missing')).message).toBe('a and b differ');
    expect(parseInput(schema, { a: 'x', b: 'x' }, 'fields missing')).toEqual({ a: 'x', b: 'x' });
  });
});

describe('paging queries (lib/contract/inputs.ts)', () => {
  const paging = (query: Record<string, string>) => parseInput(listPagingQuery, query, 'refused');
  const items = [1, 2, 3, 4, 5];

  it('without page or limit: the whole list, no pagination', () => {
    expect(paging({})).toEqual({ page: undefined, limit: undefined });
    expect(listPage(items, paging({}))).toEqual({ data: items });
  });

  it('with either: one page and {page, limit, total, pages}', () => {
    expect(listPage(items, paging({ page: '2', limit: '2' }))).toEqual({
      data: [3, 4],
      pagination: { page: 2, limit: 2, total: 5, pages: 3 },
    });
    expect(listPage(items, paging({ page: '3', limit: '2' })).data).toEqual([5]);
    expect(listPage(items, paging({ page: '4', limit: '2' })).data).toEqual([]);
    expect(listPage(items, paging({ limit: '10' })).pagination).toEqual({ page: 1, limit: 10, total: 5, pages: 1 });
    expect(listPage(items, paging({ page: '1' })).pagination).toEqual({ page: 1, limit: 100, total: 5, pages: 1 });
    expect(listPage([], paging({ page: '1' })).pagination).toEqual({ page: 1, limit: 100, total: 0, pages: 0 });
  });

  it('reads blank values as the defaults and trims', () => {
    expect(paging({ page: '', limit: ' ' })).toEqual({ page: 1, limit: 100 });
    expect(paging({ page: ' 7 ', limit: '0010' })).toEqual({ page: 7, limit: 10 });
  });

  it.each(['0', '-1', '1.5', 'abc', '1e3', '9999999999'])('refuses page=%s with the contract text', (page) => {
    expect(refusal(() => paging({ page })).message).toBe(MSG.paginationInvalid);
  });

  it('allows a limit up to 1000 on whole-table lists', () => {
    expect(MAX_LIST_LIMIT).toBe(1000);
    expect(paging({ limit: '1000' }).limit).toBe(1000);
    expect(refusal(() => paging({ limit: '1001' })).message).toBe(MSG.paginationInvalid);
  });

  it('pages tourism descriptions from 1, 10 per page by default, at most 100', () => {
    const page = (query: Record<string, string>) => parseInput(pageQuery, query, 'refused');
    expect(page({})).toEqual({ page: 1, limit: 10 });
    expect(page({ page: '', limit: '' })).toEqual({ page: 1, limit: 10 });
    expect(page({ page: '3', limit: '100' })).toEqual({ page: 3, limit: 100 });
    expect(refusal(() => page({ limit: '101' })).message).toBe(
      'Parameter page dan limit harus bilangan bulat positif (limit maksimal 100)',
    );
  });
});

describe('refusals declared with the schema', () => {
  const plain = z.object({ a: z.string() });
  refusals.add(plain, { message: 'a is missing', when: 'a is missing' });
  const naming = z.object({ a: z.string(), b: z.number() });
  refusals.add(naming, namingRefusal(MSG.villageInvalid));
  const strict = z.object({ a: z.string() });
  refusals.add(strict, { message: 'bad request', when: 'anything wrong', malformedToo: true });
  const bare = z.object({ a: z.string() });
  const event = (body: string) => ({ body, isBase64Encoded: false }) as Parameters<ReturnType<typeof inputReader>>[0];
  const read = (spec: InputSpec, body: string) => inputReader(spec)(event(body), {}, '/x', {}, {});
  const refusedWith = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => expect.fail('the input was accepted'),
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DomainError);
    return (err as DomainError).message;
  };

  it('finds the first declared among a route’s schemas', () => {
    expect(declaredRefusal(undefined, bare, plain, naming)?.message).toBe('a is missing');
    expect(declaredRefusal(bare)).toBeUndefined();
    expect(asRefusal(declaredRefusal(plain))).toBe('a is missing');
  });

  it('is what the route’s reader answers: its text, the fields named, a malformed body too', async () => {
    expect(await refusedWith(read({ body: plain }, '{}'))).toBe('a is missing');
    expect(await refusedWith(read({ body: naming }, '{"a":"x"}'))).toBe(`${MSG.villageInvalid}: b`);
    expect(await refusedWith(read({ body: plain }, '{oops'))).toBe(MSG.invalidJson);
    expect(await refusedWith(read({ body: strict }, '{oops'))).toBe('bad request');
    expect(await refusedWith(read({ body: bare }, '{}'))).toBe(MSG.invalidJson);
    // a route's own refusal (one that is not a 400) answers instead
    expect(await refusedWith(read({ body: bare, invalid: () => notFound(MSG.userNotFound) }, '{}'))).toBe(MSG.userNotFound);
  });
});
