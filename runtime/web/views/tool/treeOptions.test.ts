import { describe, expect, it } from 'vitest';
import { treeOptions } from './treeOptions.ts';

describe('treeOptions', () => {
  it('lists each item under its parent, labelled with the path; an unknown parent is a root; a cycle is cut', () => {
    const items = [
      { code: 3, label: 'Refrigerantes', parent: 1 },
      { code: 1, label: 'Bebidas', parent: null },
      { code: 2, label: 'Padaria', parent: 99 },
      { code: 4, label: 'Cola', parent: 3 },
      { code: 5, label: 'A', parent: 6 },
      { code: 6, label: 'B', parent: 5 },
    ];
    expect(treeOptions(items)).toEqual([
      { code: 1, label: 'Bebidas' },
      { code: 3, label: 'Bebidas › Refrigerantes' },
      { code: 4, label: 'Bebidas › Refrigerantes › Cola' },
      { code: 2, label: 'Padaria' },
    ]);
  });
});
