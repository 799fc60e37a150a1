import { useCallback, useEffect, useRef, useState } from 'react';
import { extractErrorMessage } from '../../../core/extractErrorMessage.ts';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { recordsRequest } from '../../views/form/recordsRequest.ts';
import type { ItemPrevia } from './linhasPrevia.ts';
import { acoesDaSituacao } from './situacaoNota.ts';

export interface NotaEmissao {
  id: number;
  numero: number | null;
  serie: number | null;
  situacao: number;
  chave: string | null;
  protocolo: string | null;
  motivoRejeicao: string | null;
  tipoOperacao: number;
  pedidoVendaId: number | null;
}

export interface ItemNota {
  id: number;
  numeroItem: number;
  produtoId: number | null;
  descricao: string;
  ncm: string | null;
  cest: string | null;
}

export interface Previa {
  modelo: 55 | 65;
  itens: ItemPrevia[];
  totais: Record<string, number>;
}

export interface Validacao {
  valido: boolean;
  erros: Array<{ campo: string; mensagem: string }>;
}

/** POST /emitir and /consultar: the nota's state and SEFAZ's last answer. */
export interface EstadoNota {
  situacao: number;
  situacaoDescricao: string;
  chave: string | null;
  protocolo: string | null;
  cStat: number | null;
  xMotivo: string | null;
  numero: number | null;
  avisos: string[];
}

/** Polls of a lote em processamento before the screen stops and offers Consultar. */
const CONSULTAS_MAXIMAS = 30;
const INTERVALO_CONSULTA_MS = 1500;
const pausa = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The emission screen's controller: reads the nota and its items, previews the taxes (/previa) and the
 * signed XML's schema validation (/xml) while it can be transmitted, transmits (/emitir) and, while the
 * lote is em processamento, consults SEFAZ (/consultar) until a final answer. Errors are kept as the
 * server's pt-BR messages.
 */
export function useEmissaoNota(id: number) {
  const { api } = useRuntime();
  const [nota, setNota] = useState<NotaEmissao | null>(null);
  const [itens, setItens] = useState<ItemNota[]>([]);
  const [erroNota, setErroNota] = useState<string | null>(null);
  const [modelo, setModelo] = useState<55 | 65>(55);
  const [previa, setPrevia] = useState<Previa | null>(null);
  const [erroPrevia, setErroPrevia] = useState<string | null>(null);
  const [validacao, setValidacao] = useState<Validacao | null>(null);
  const [resposta, setResposta] = useState<EstadoNota | null>(null);
  const [erroTransmissao, setErroTransmissao] = useState<string | null>(null);
  const [ocupado, setOcupado] = useState<'previa' | 'transmitir' | 'consultar' | null>(null);
  const ativo = useRef(true);
  useEffect(() => {
    ativo.current = true;
    return () => {
      ativo.current = false;
    };
  }, []);

  const carregarNota = useCallback(async () => {
    try {
      const lida = await recordsRequest<NotaEmissao>(api, 'GET', `/api/NotasFiscais/${id}`);
      const filter = JSON.stringify({ where: { notaFiscalId: id }, order: 'numeroItem ASC', limit: 990 });
      const lidos = await recordsRequest<ItemNota[]>(api, 'GET', '/api/NotasFiscaisItens', {
        query: { filter },
      });
      if (!ativo.current) return null;
      setNota(lida);
      setItens(lidos);
      if (lida.chave) setModelo(lida.chave.slice(20, 22) === '65' ? 65 : 55);
      return lida;
    } catch (error) {
      if (ativo.current) setErroNota(extractErrorMessage(error));
      return null;
    }
  }, [api, id]);

  const carregarPrevia = useCallback(
    async (escolhido: 55 | 65) => {
      setOcupado('previa');
      setErroPrevia(null);
      setValidacao(null);
      try {
        const query = { modelo: String(escolhido) };
        const lida = await recordsRequest<Previa>(api, 'POST', `/api/NotasFiscais/${id}/previa`, {
          query,
          body: {},
        });
        if (!ativo.current) return;
        setPrevia(lida);
        const xml = await recordsRequest<Validacao>(api, 'POST', `/api/NotasFiscais/${id}/xml`, {
          body: { modelo: escolhido },
        });
        if (ativo.current) setValidacao(xml);
      } catch (error) {
        if (ativo.current) setErroPrevia(extractErrorMessage(error));
      } finally {
        if (ativo.current) setOcupado(null);
      }
    },
    [api, id],
  );

  useEffect(() => {
    // Opened: the model of the chave already given, else NF-e; escolherModelo previews another.
    void carregarNota().then((lida) => {
      if (lida && acoesDaSituacao(lida.situacao).transmitir)
        void carregarPrevia(lida.chave?.slice(20, 22) === '65' ? 65 : 55);
    });
  }, [carregarNota, carregarPrevia]);

  const escolherModelo = (escolhido: 55 | 65) => {
    setModelo(escolhido);
    void carregarPrevia(escolhido);
  };

  /** Consults SEFAZ until the lote leaves em processamento (or the screen closes). */
  const aguardar = useCallback(async () => {
    for (let vez = 0; vez < CONSULTAS_MAXIMAS && ativo.current; vez++) {
      await pausa(INTERVALO_CONSULTA_MS);
      if (!ativo.current) return;
      const estado = await recordsRequest<EstadoNota>(api, 'POST', `/api/NotasFiscais/${id}/consultar`, {
        body: {},
      });
      if (!ativo.current) return;
      setResposta(estado);
      if (!acoesDaSituacao(estado.situacao).aguardar) return;
    }
  }, [api, id]);

  const enviar = async (tipo: 'transmitir' | 'consultar') => {
    setOcupado(tipo);
    setErroTransmissao(null);
    try {
      const estado = await recordsRequest<EstadoNota>(
        api,
        'POST',
        `/api/NotasFiscais/${id}/${tipo === 'transmitir' ? 'emitir' : 'consultar'}`,
        { body: tipo === 'transmitir' ? { modelo } : {} },
      );
      if (!ativo.current) return;
      setResposta(estado);
      if (acoesDaSituacao(estado.situacao).aguardar) await aguardar();
    } catch (error) {
      if (ativo.current) setErroTransmissao(extractErrorMessage(error));
    } finally {
      if (ativo.current) {
        setOcupado(null);
        const lida = await carregarNota();
        if (lida && acoesDaSituacao(lida.situacao).transmitir) void carregarPrevia(modelo);
      }
    }
  };

  /** Corrects an item (NCM, CEST, descrição) and previews again. */
  const salvarItem = async (itemId: number, campos: Partial<ItemNota>) => {
    await recordsRequest(api, 'PATCH', `/api/NotasFiscaisItens/${itemId}`, { body: campos });
    await carregarNota();
    await carregarPrevia(modelo);
  };

  return {
    nota,
    itens,
    erroNota,
    modelo,
    escolherModelo,
    previa,
    erroPrevia,
    validacao,
    resposta,
    erroTransmissao,
    ocupado,
    transmitir: () => enviar('transmitir'),
    consultar: () => enviar('consultar'),
    salvarItem,
    recarregar: carregarNota,
  };
}
