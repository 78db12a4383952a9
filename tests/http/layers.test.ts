import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/local-stack';

/** The layer rules of eslint.config.mjs fail a wrong-way import (CI runs `npm run lint` on the whole tree). */
describe('layers as lint rules', () => {
  const eslint = new ESLint({ cwd: ROOT });
  const lint = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  };

  it.each([
    ['functions/villages/x.ts', "import { getVillage } from '../../lib/db/villages';"],
    ['functions/uploads/x.ts', "import { putImage } from '../../lib/storage/images';"],
    ['lib/domain/x.ts', "import { ok } from '../http/response';"],
    ['lib/db/x.ts', "import { ownedVillage } from '../domain/villages';"],
    ['lib/db/x.ts', "import { putImage } from '../storage/images';"],
    ['lib/storage/x.ts', "import { getVillage } from '../db/villages';"],
    ['lib/x.ts', "import { db } from './db/client';"],
    ['lib/platform/x.ts', "import { getVillage } from '../db/villages';"],
    ['lib/contract/x.ts', "import { ok } from '../http/response';"],
  ])('%s: %s is refused', async (file, code) => {
    const messages = await lint(file, `${code}\nexport const used = 1;\n`);
    expect(messages.length).toBe(1);
    expect(messages[0]).toMatch(/Layer rule/);
  });

  it('DynamoDB commands are built only in lib/db/helpers.ts and lib/db/transact.ts', async () => {
    const sdk = async (file: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
      return result!.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports');
    };
    const command = "import { GetCommand } from '@aws-sdk/lib-dynamodb';\nexport const used = GetCommand;\n";
    for (const file of ['lib/db/villages.ts', 'lib/domain/x.ts', 'functions/villages/x.ts'])
      expect(await sdk(file, command), file).toHaveLength(1);
    expect(await sdk('lib/db/helpers.ts', command)).toEqual([]);
    // types are fine anywhere
    expect(
      await sdk('lib/db/entity.ts', "import type { GetCommandInput } from '@aws-sdk/lib-dynamodb';\nexport type T = GetCommandInput;\n"),
    ).toEqual([]);
  });

  it('imports in the right direction pass', async () => {
    expect(
      await lint('functions/villages/x.ts', "import { getVillage } from '../../lib/domain/villages';\nexport const used = getVillage;\n"),
    ).toEqual([]);
    expect(await lint('lib/domain/x.ts', "import { getVillage } from '../db/villages';\nexport const used = getVillage;\n")).toEqual([]);
  });
});
