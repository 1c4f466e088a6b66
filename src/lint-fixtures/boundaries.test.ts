import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The import boundaries are lint rules (eslint.config.js); these deliberate violations prove that
// they fire, so a config change cannot switch them off unnoticed. The fixtures are in no
// tsconfig, so the rules that need types are off here.

const eslint = new ESLint({ ignore: false, overrideConfig: tseslint.configs.disableTypeChecked });

async function ruleIdsFor(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('import boundaries', () => {
  it('keeps web features from importing each other', async () => {
    const code =
      "import { myOrdersQueryOptions } from '../../orders/api/get-my-orders.ts';\n\nexport const q = myOrdersQueryOptions;\n";
    expect(await ruleIdsFor(code, 'src/web/features/catalog/components/fixture.ts')).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await ruleIdsFor(code, 'src/web/app/routes/fixture.ts')).not.toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('keeps shared web code from depending on a feature', async () => {
    const code =
      "import { myOrdersQueryOptions } from '../features/orders/api/get-my-orders.ts';\n\nexport const q = myOrdersQueryOptions;\n";
    expect(await ruleIdsFor(code, 'src/web/lib/fixture.ts')).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('keeps features from importing the app that composes them', async () => {
    const code =
      "import { routeTree } from '../../../app/router.tsx';\n\nexport const r = routeTree;\n";
    expect(await ruleIdsFor(code, 'src/web/features/catalog/components/fixture.ts')).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('keeps the contract free of web and server code', async () => {
    const code =
      "import { apiClient } from '../web/lib/api-client.ts';\n\nexport const c = apiClient;\n";
    expect(await ruleIdsFor(code, 'src/shared/fixture.ts')).toContain('no-restricted-imports');
  });

  it("keeps a server module's files behind its face (index.ts)", async () => {
    const behind =
      "import { placeOrder } from '../purchases/place-order.ts';\n\nexport const p = placeOrder;\n";
    const face =
      "import { placeOrder } from '../purchases/index.ts';\n\nexport const p = placeOrder;\n";
    const at = 'src/server/modules/quotes/fixture.ts';
    expect(await ruleIdsFor(behind, at)).toContain('import-x/no-restricted-paths');
    expect(await ruleIdsFor(face, at)).not.toContain('import-x/no-restricted-paths');
    // Within the module, its files import each other directly.
    expect(await ruleIdsFor(behind, 'src/server/modules/purchases/fixture.ts')).not.toContain(
      'import-x/no-restricted-paths',
    );
  });

  it("keeps the server modules' tiers one way (a catalogue module imports no order module)", async () => {
    const code =
      "import { placeOrder } from '../purchases/index.ts';\n\nexport const p = placeOrder;\n";
    expect(await ruleIdsFor(code, 'src/server/modules/catalog/fixture.ts')).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await ruleIdsFor(code, 'src/server/modules/aftersale/fixture.ts')).not.toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('keeps the whole configuration (AppConfig) out of a server module: it gets its slice', async () => {
    const code =
      "import type { AppConfig } from '../../config.ts';\n\nexport type C = AppConfig['publicUrl'];\n";
    expect(await ruleIdsFor(code, 'src/server/modules/purchases/fixture.ts')).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await ruleIdsFor(code.replace('../../', '../'), 'src/server/http/fixture.ts')).toContain(
      'import-x/no-restricted-paths',
    );
    // The composition root reads it whole.
    const root =
      "import type { AppConfig } from './config.ts';\n\nexport type C = AppConfig['publicUrl'];\n";
    expect(await ruleIdsFor(root, 'src/server/fixture.ts')).not.toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('refuses import cycles', async () => {
    const results = await eslint.lintFiles(['src/lint-fixtures/cycle-a.ts']);
    expect(results[0]?.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });
});
