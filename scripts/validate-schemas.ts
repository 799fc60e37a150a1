// Validates every file under schemas/ and tenants/; prints file, JSON pointer and reason per problem.
import { validateSchemaSet } from '../runtime/core/validateSchemaSet.ts';
import { readSchemaFiles } from '../runtime/server/schemas/readSchemaFiles.ts';

const { files, issues: parseIssues } = await readSchemaFiles();
const issues = [...parseIssues, ...validateSchemaSet(files)];
for (const issue of issues) console.error(`${issue.file}#${issue.pointer}: ${issue.message}`);
const count = Object.keys(files).length;
if (issues.length > 0) {
  console.error(`\n${issues.length} problema(s) em ${count} arquivos de schemas/ e tenants/.`);
  process.exit(1);
}
console.log(`schemas: ${count} arquivos válidos.`);
