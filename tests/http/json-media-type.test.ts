/** A JSON route reads only JSON: a body sent as another media type is 415, as on the form routes. */
import { describe, expect, it } from 'vitest';
import { handler as createRound } from '../../functions/evaluations/create';
import { handler as login } from '../../functions/auth/login';
import { MSG } from '../../lib/contract/messages';
import { invoke } from '../support/api';
import { roundBody } from '../support/evaluations';
import { makeUser } from '../support/users';

describe('a JSON body under another media type', () => {
  it('is refused with 415; application/json with a charset and +json types are read', async () => {
    const dinas = await makeUser('dinas');
    const body = JSON.stringify(roundBody());
    const post = (type: string) =>
      invoke(createRound, { method: 'POST', resource: '/api/evaluasi', body, headers: { 'Content-Type': type }, token: dinas.token });
    const plain = await post('text/plain');
    expect(plain.statusCode).toBe(415);
    expect(plain.body).toEqual({ status: 'fail', message: MSG.unsupportedMediaType });
    expect((await post('application/json; charset=utf-8')).statusCode).toBe(201);
    expect((await post('application/vnd.api+json')).statusCode).toBe(201);
    const l = await invoke(login, {
      method: 'POST',
      resource: '/auth/login',
      body: '{"email":"a@b.c","password":"x"}',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(l.statusCode).toBe(415);
  });
});
