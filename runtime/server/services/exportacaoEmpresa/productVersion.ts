import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The product's version (package.json): an export loads only into the same version. */
export const PRODUCT_VERSION: string = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../../package.json'), 'utf8'),
).version;
