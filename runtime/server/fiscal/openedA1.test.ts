import { describe, expect, it } from 'vitest';
import { generateCertificado } from '../../../tests/support/generateCertificado.ts';
import { OPENED_A1_TTL_MS, openA1 } from './openedA1.ts';

describe('openA1', () => {
  const pfx = generateCertificado({ senha: 'certa' });
  const other = generateCertificado({ senha: 'certa' });

  it('opens a file once per password while it is in use, and again after the pause', () => {
    const first = openA1(pfx, 'certa', 1_000);
    expect(first.privateKeyPem).toMatch(/^-----BEGIN RSA PRIVATE KEY-----/);
    expect(openA1(pfx, 'certa', 1_000 + OPENED_A1_TTL_MS)).toBe(first);
    // Each use extends it; a pause longer than the TTL opens the file again (an equal, new result).
    const later = openA1(pfx, 'certa', 2_000 + 2 * OPENED_A1_TTL_MS);
    expect(later).not.toBe(first);
    expect(later).toEqual(first);
  });

  it('keeps files apart, and a wrong password is refused even while the right one is kept', () => {
    const mine = openA1(pfx, 'certa', 5_000);
    const theirs = openA1(other, 'certa', 5_000);
    expect(theirs.certificatePem).not.toBe(mine.certificatePem);
    expect(() => openA1(pfx, 'errada', 5_000)).toThrow(/senha/i);
    expect(openA1(pfx, 'certa', 5_000)).toBe(mine);
  });
});
