import type { ComponentType } from 'react';

/** One value of an enum list (schemas/enums), as the enum and status cells read it. */
export interface CellEnumValue {
  code: string | number;
  label: string;
  /** A colour name (blue, green, orange, red…) or a hex colour. */
  color?: unknown;
}

/** What a cell knows besides its value: the enum list of its field, when it has one. */
export interface CellContext {
  enumValues?: readonly CellEnumValue[];
}

export interface CellRendererProps {
  value: unknown;
  /** The formatted text, so a renderer never formats twice. */
  text: string;
  context: CellContext;
}

/**
 * A grid cell format: the text of a value (cell, tooltip, filter chip) and, for cells that are more
 * than text (status chip, boolean icon), a React renderer. Registered by name in ./index.ts.
 */
export interface CellFormat {
  format(value: unknown, context: CellContext): string;
  Renderer?: ComponentType<CellRendererProps>;
  align?: 'left' | 'right' | 'center';
}
