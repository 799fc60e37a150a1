import type { PostingEffect } from '../../core/documents/postingEffects.ts';
import { comprasDevolver } from './comprasDevolucao.ts';
import { comprasEntradaEstornar, comprasEntradaLancar } from './comprasEntrada.ts';
import { comprasAprovar, comprasCancelar } from './comprasPedido.ts';
import { estoqueEstornar } from './estoqueEstornar.ts';
import { estoqueLancar } from './estoqueLancar.ts';
import { estoqueTransferir } from './estoqueTransferir.ts';
import { cancelarTituloEffect } from './financeiro/cancelarTitulo.ts';
import { estornarBaixaEffect } from './financeiro/estornarBaixa.ts';
import { efetivarTransferenciaEffect, estornarTransferenciaEffect } from './financeiro/transferencia.ts';
import {
  notaEstornarContas,
  notaEstornarEstoque,
  notaLancarContas,
  notaLancarEstoque,
} from './notaFiscalLancamentos.ts';
import type { PostingService } from './PostingContext.ts';
import {
  estoqueEnviarTransito,
  estoqueEstornarTransito,
  estoqueReceberTransito,
} from './transferenciaFilial.ts';
import { vendaCancelar } from './vendaCancelar.ts';
import { vendaDevolver } from './vendaDevolver.ts';
import { vendaFaturar } from './vendaFaturar.ts';
import { vendaReservar } from './vendaReservar.ts';

/** The posting services by effect name (runtime/core/documents/postingEffects.ts lists the names). */
export const postingServices: Record<PostingEffect, PostingService> = {
  'estoque.lancar': estoqueLancar,
  'estoque.transferir': estoqueTransferir,
  'estoque.estornar': estoqueEstornar,
  'venda.reservar': vendaReservar,
  'venda.faturar': vendaFaturar,
  'venda.cancelar': vendaCancelar,
  'venda.devolver': vendaDevolver,
  'compras.entradaLancar': comprasEntradaLancar,
  'compras.entradaEstornar': comprasEntradaEstornar,
  'compras.aprovar': comprasAprovar,
  'compras.cancelar': comprasCancelar,
  'compras.devolver': comprasDevolver,
  'estoque.enviarTransito': estoqueEnviarTransito,
  'estoque.receberTransito': estoqueReceberTransito,
  'estoque.estornarTransito': estoqueEstornarTransito,
  'notaFiscal.lancarEstoque': notaLancarEstoque,
  'notaFiscal.estornarEstoque': notaEstornarEstoque,
  'notaFiscal.lancarContas': notaLancarContas,
  'notaFiscal.estornarContas': notaEstornarContas,
  'financeiro.cancelarTitulo': cancelarTituloEffect,
  'financeiro.estornarBaixa': estornarBaixaEffect,
  'financeiro.efetivarTransferencia': efetivarTransferenciaEffect,
  'financeiro.estornarTransferencia': estornarTransferenciaEffect,
};
