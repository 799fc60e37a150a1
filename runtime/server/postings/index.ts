import type { PostingEffect } from '../../core/documents/postingEffects.ts';
import { estoqueEstornar } from './estoqueEstornar.ts';
import { estoqueLancar } from './estoqueLancar.ts';
import { estoqueTransferir } from './estoqueTransferir.ts';
import type { PostingService } from './PostingContext.ts';
import {
  estoqueEnviarTransito,
  estoqueEstornarTransito,
  estoqueReceberTransito,
} from './transferenciaFilial.ts';

/** The posting services by effect name (runtime/core/documents/postingEffects.ts lists the names). */
export const postingServices: Record<PostingEffect, PostingService> = {
  'estoque.lancar': estoqueLancar,
  'estoque.transferir': estoqueTransferir,
  'estoque.estornar': estoqueEstornar,
  'estoque.enviarTransito': estoqueEnviarTransito,
  'estoque.receberTransito': estoqueReceberTransito,
  'estoque.estornarTransito': estoqueEstornarTransito,
};
