import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../runtime/server/schemas/readSchemaFiles.ts';
import { renderGenerated } from '../../scripts/lib/renderGenerated.ts';

describe('generated/', () => {
  it('is up to date with the route schemas (run `npm run generate` when this fails)', async () => {
    const outputs = await renderGenerated();
    for (const [name, content] of Object.entries(outputs)) {
      const committed = await readFile(join(REPO_ROOT, 'generated', name), 'utf8');
      expect(committed, `generated/${name} is stale: run npm run generate`).toBe(content);
    }
  });
});
