import { booleanCell } from './booleanCell.tsx';
import { bytesCell } from './bytesCell.ts';
import type { CellFormat } from './CellFormat.ts';
import { cestCell } from './cestCell.ts';
import { competenciaCell } from './competenciaCell.ts';
import { cpfCnpjCell } from './cpfCnpjCell.ts';
import { dateCell } from './dateCell.ts';
import { datetimeCell } from './datetimeCell.ts';
import { enumCell } from './enumCell.ts';
import { moneyCell } from './moneyCell.ts';
import { ncmCell } from './ncmCell.ts';
import { numberCell } from './numberCell.ts';
import { percentCell } from './percentCell.ts';
import { phoneCell } from './phoneCell.ts';
import { statusCell } from './statusCell.tsx';
import { textCell } from './textCell.ts';

/**
 * Grid cell formats by the names a grid file uses (`columns.<name>.format`). A tenant or screen can add
 * or replace one by spreading: `{ ...cells, money: myMoneyCell }`.
 */
export const cells: Record<string, CellFormat> = {
  text: textCell,
  money: moneyCell,
  percent: percentCell,
  number: numberCell,
  date: dateCell,
  datetime: datetimeCell,
  enum: enumCell,
  boolean: booleanCell,
  status: statusCell,
  cpfCnpj: cpfCnpjCell,
  phone: phoneCell,
  ncm: ncmCell,
  cest: cestCell,
  bytes: bytesCell,
  competencia: competenciaCell,
};
