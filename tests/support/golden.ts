import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { expect } from 'vitest';

/**
 * Compares the lines of a generated fiscal file with tests/golden/<nome> (UTF-8, LF, to review in a diff).
 * The file is written when missing or with ATUALIZAR_GOLDEN=1, after a deliberate change of the layout.
 */
export function compararComGolden(nome: string, linhas: string[]): void {
  const arquivo = new URL(`../golden/${nome}`, import.meta.url);
  if (process.env.ATUALIZAR_GOLDEN === '1' || !existsSync(arquivo))
    writeFileSync(arquivo, `${linhas.join('\n')}\n`);
  expect(linhas).toEqual(readFileSync(arquivo, 'utf8').replace(/\n$/, '').split('\n'));
}
