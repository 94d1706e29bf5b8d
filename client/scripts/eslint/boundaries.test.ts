// @vitest-environment node
// The layer rule (boundaries.js) on imports written in files at every depth of src/.
import { RuleTester } from 'eslint';
import { describe, expect, it } from 'vitest';
import boundaries, { layerOf, refusal } from './boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const src = '/repo/client/src';
const at = (file: string, code: string) => ({
  code,
  filename: `${src}/${file}`,
  options: [{ src }],
});
const refused = (file: string, code: string) => ({ ...at(file, code), errors: 1 });

new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } }).run(
  'boundaries',
  boundaries,
  {
    valid: [
      at('components/data-table/data-table.tsx', "import { x } from '@/lib/errors';"),
      at('components/resource-list/presets.tsx', "import { x } from '@/components/data-table';"),
      at('lib/paged-list.ts', "import { x } from './csv';"),
      at('features/users/routes/admin-users.tsx', "import { x } from '../api/accounts';"),
      // Three folders deep inside the feature, still inside it.
      at(
        'features/users/resources/accounts/columns.tsx',
        "import { x } from '../../api/accounts';",
      ),
      at(
        'features/users/resources/accounts/filters.ts',
        "import { x } from '@/features/users/text';",
      ),
      at('app/route-table.tsx', "const m = () => import('@/features/services/routes/service');"),
      at('app/router.tsx', "import { x } from './route-table';"),
      at('lib/sdk.ts', "import { createClient } from '@havyaka/sdk';"),
    ],
    invalid: [
      refused('components/ui/button.tsx', "import { x } from '@/features/auth';"),
      refused('components/data-table/pagination.tsx', "import { x } from '../../app/text';"),
      refused('lib/registration/api.ts', "import { x } from '../../features/members/text';"),
      refused('lib/auth.tsx', "export { x } from '@/app/providers';"),
      refused('lib/boot.ts', "const m = () => import('@/features/site/hero-boot');"),
      refused('features/users/routes/admin-users.tsx', "import { x } from '@/features/members';"),
      refused('features/users/resources/accounts/columns.tsx', "import '../../../members/text';"),
      refused('features/users/text.ts', "import { x } from '../members/text';"),
      refused('features/users/api/accounts.ts', "import { x } from '@/app/text';"),
    ],
  },
);

describe('layers', () => {
  it('name the folder of a path under src/', () => {
    expect(layerOf('features/users/api/accounts.ts')).toBe('features/users');
    expect(layerOf('components/ui/button.tsx')).toBe('components');
    expect(layerOf('main.tsx')).toBeNull();
  });
  it('let app/ import anything and a layer import itself', () => {
    expect(refusal('app', 'features/users')).toBeNull();
    expect(refusal('features/users', 'features/users')).toBeNull();
    expect(refusal('lib', 'components')).toBeNull();
    expect(refusal('components', 'features/users')).toMatch(/shared kit/);
  });
});
