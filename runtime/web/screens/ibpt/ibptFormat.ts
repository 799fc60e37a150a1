import type { components } from '../../../../generated/api.d.ts';

export type IbptNcmTabela = components['schemas']['IbptNcmTabela'];
export type IbptCestImportacao = components['schemas']['IbptCestImportacao'];
