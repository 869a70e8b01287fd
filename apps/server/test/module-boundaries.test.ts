import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The repository's own lint configuration, run on code placed where a module or the platform would hold it. */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'portal/module-boundaries').map((m) => m.message);
}

describe('the module boundary lint rule', () => {
  it('fails a deep import into another module, and an import of a module from the platform', async () => {
    const deep = await boundaryErrors(
      'apps/server/src/modules/system-config/settings/leak.ts',
      "import { users } from '../../permission/tables.ts';\nexport const leak = users;\n",
    );
    expect(deep).toEqual([expect.stringContaining("reaches into 'permission/tables.ts'")]);
    const platform = await boundaryErrors(
      'apps/server/src/platform/leak.ts',
      "import { permissionModule } from '../modules/permission/index.ts';\nexport const leak = permissionModule;\n",
    );
    expect(platform).toEqual([expect.stringContaining('platform/ imports no module')]);
  });

  it('lets a module use another through its public face, and its own files freely', async () => {
    expect(
      await boundaryErrors(
        'apps/server/src/modules/message-engine/delivery/ok.ts',
        "import type { PermissionApi } from '../../permission/index.ts';\nimport { insideMessages } from '../tables.ts';\nexport type Ok = PermissionApi;\nexport const own = insideMessages;\n",
      ),
    ).toEqual([]);
  });
});
