/**
 * tests/support/fresh-file.ts, which starts each test file of a shared worker as if alone: an
 * AsyncLocalStorage an earlier file enabled is disabled (Node 20's promise hook walks every
 * enabled one at each promise), and enabled again by its next use.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { expect, it } from 'vitest';
import { freshFile } from '../support/fresh-file';

it("disables the earlier file's AsyncLocalStorages; their next run enables them again", () => {
  const ran = new AsyncLocalStorage<string>();
  const entered = new AsyncLocalStorage<string>();
  ran.run('a', () => expect(ran.getStore()).toBe('a'));
  entered.enterWith('b');
  expect(entered.getStore()).toBe('b');

  freshFile(); // what the next file's setup does

  expect(entered.getStore()).toBeUndefined();
  expect(ran.run('c', () => ran.getStore())).toBe('c');
});
