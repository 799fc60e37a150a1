import type { paths } from '../../../../../generated/api.d.ts';

export type EtiquetaModelo =
  paths['/api/Produtos/etiquetas/modelos']['get']['responses']['200']['content']['application/json'][number];
export type EtiquetaProduto =
  paths['/api/Produtos/etiquetas/produtos']['get']['responses']['200']['content']['application/json'][number];

/** A product chosen for printing and how many labels it gets. */
export interface EtiquetaItem {
  produto: EtiquetaProduto;
  quantidade: number;
}

/** What each label shows besides the description. */
export interface LabelOptions {
  mostrarPreco: boolean;
  mostrarCodigoBarras: boolean;
}

/** Most labels one print job lays out (a few pages of a sheet; keeps the page light). */
export const MAX_LABELS = 2000;
