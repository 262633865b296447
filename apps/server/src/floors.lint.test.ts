/**
 * The floors rule (eslint-rules/floors.js) runs in `npm run lint`. These fixtures prove it can fail:
 * each forbidden import, linted as if it stood at the path given, must be reported, and the allowed
 * ones must not. The fixtures are text, placed by path, so no forbidden file ever exists in the tree.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function floorProblems(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'kestrel/floors')
    .map((message) => message.message);
}

describe('the floors rule', () => {
  it.each([
    [
      'a feature importing another feature',
      'apps/server/src/features/account/fixture.ts',
      "import { lockCustomer } from '../trading/routes';",
    ],
    [
      'core importing a feature',
      'apps/server/src/core/fixture.ts',
      "import { postEntry } from '../features/ledger/post-entry';",
    ],
    [
      'core importing the route layer',
      'apps/server/src/core/fixture.ts',
      "import { registerEndpoint } from '../http/route';",
    ],
    [
      'the ledger importing a feature',
      'apps/server/src/features/ledger/fixture.ts',
      "import { login } from '../account/account-service';",
    ],
    [
      'jobs importing a feature',
      'apps/server/src/jobs/fixture.ts',
      "import { settleOrder } from '../features/fast-trade/settlement';",
    ],
    [
      'a feature importing the composition',
      'apps/server/src/features/bibi/fixture.ts',
      "import { buildApp } from '../../app';",
    ],
    [
      'the portfolio importing a writer',
      'apps/server/src/features/portfolio/fixture.ts',
      "import { openPosition } from '../trading/contract-service';",
    ],
    [
      'a web feature importing another',
      'apps/web/src/features/wallet/fixture.ts',
      "import { BibiScreen } from '../bibi/screens/BibiScreen';",
    ],
    [
      'web shared importing a feature',
      'apps/web/src/shared/fixture.ts',
      "import { login } from '../features/auth/api/login';",
    ],
    [
      'a re-export across features',
      'apps/server/src/features/bibi/fixture.ts',
      "export { lockCustomer } from '../wallet/routes';",
    ],
  ])('reports %s', async (_what, file, source) => {
    expect(await floorProblems(file, source)).toHaveLength(1);
  });

  it.each([
    [
      'a feature importing core, the ledger and itself',
      'apps/server/src/features/account/fixture.ts',
      "import { once } from '../../core/idempotency';\nimport { postEntry } from '../ledger/post-entry';\nimport { login } from './account-service';",
    ],
    [
      'the portfolio reading a published summary',
      'apps/server/src/features/portfolio/fixture.ts',
      "import { positionSummary } from '../trading/summary';",
    ],
    [
      'the composition importing features',
      'apps/server/src/app-fixture.ts',
      "import { fundingRoutes } from './features/funding/routes';",
    ],
    [
      'a test importing across features',
      'apps/server/src/features/bibi/fixture.api.test.ts',
      "import { credit } from '../wallet/test-support';",
    ],
    [
      'a web feature importing shared',
      'apps/web/src/features/wallet/fixture.ts',
      "import { call } from '../../shared/api/call';",
    ],
  ])('allows %s', async (_what, file, source) => {
    expect(await floorProblems(file, source)).toEqual([]);
  });
});
