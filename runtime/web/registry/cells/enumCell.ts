import type { CellFormat } from './CellFormat.ts';
import { enumLabel } from './enumLabel.ts';

/** The label of the enum code (schemas/enums). */
export const enumCell: CellFormat = { format: enumLabel };
