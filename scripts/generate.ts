// Writes generated/openapi.json and generated/api.d.ts from the route schemas, without opening a port.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT } from '../runtime/server/schemas/readSchemaFiles.ts';
import { renderGenerated } from './lib/renderGenerated.ts';

const outputs = await renderGenerated();
await mkdir(join(REPO_ROOT, 'generated'), { recursive: true });
for (const [name, content] of Object.entries(outputs)) {
  await writeFile(join(REPO_ROOT, 'generated', name), content);
  console.log(`generated/${name} (${content.length} bytes)`);
}
