// Validates every file under schemas/ and tenants/; prints file, JSON pointer and reason per problem.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkScreenOperations, openApiOperationIds } from '../runtime/core/screens/checkScreenOperations.ts';
import { validateSchemaSet } from '../runtime/core/validateSchemaSet.ts';
import { REPO_ROOT, readSchemaFiles } from '../runtime/server/schemas/readSchemaFiles.ts';

const { files, issues: parseIssues } = await readSchemaFiles();
// Screen actions name API operations: each must exist in the committed OpenAPI document.
const openapi = JSON.parse(await readFile(join(REPO_ROOT, 'generated', 'openapi.json'), 'utf8'));
const issues = [
  ...parseIssues,
  ...validateSchemaSet(files),
  ...checkScreenOperations(files, openApiOperationIds(openapi)),
];
for (const issue of issues) console.error(`${issue.file}#${issue.pointer}: ${issue.message}`);
const count = Object.keys(files).length;
if (issues.length > 0) {
  console.error(`\n${issues.length} problema(s) em ${count} arquivos de schemas/ e tenants/.`);
  process.exit(1);
}
console.log(`schemas: ${count} arquivos válidos.`);
