import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useRuntime } from '../../../app/RuntimeContext.tsx';
import { useNotify } from '../../../ui/NotifyProvider.tsx';
import { useActionError } from '../../../ui/useActionError.tsx';
import type { PreviaImportacaoXml } from '../xmlNfeTypes.ts';
import type { EscolhaProduto } from './ProdutoItemPicker.tsx';

const MAX_BYTES = 5 * 1024 * 1024;
export const LISTA = '/pages/compras/entrada-nota-fiscal';

type Item = PreviaImportacaoXml['itens'][number];

/** The suggestion of an item as a choice of the picker. */
export const sugestaoDe = (item: Item): EscolhaProduto | null =>
  item.sugestao
    ? {
        tipo: 'produto',
        produtoId: item.sugestao.produtoId,
        descricao: `${item.sugestao.descricao} (${item.sugestao.motivo === 'ean' ? 'pelo EAN' : 'código do fornecedor'})`,
      }
    : null;

/** Controller of Importar XML: reads the chosen file, previews it, keeps the item choices, confirms. */
export function useImportarXml() {
  const { api } = useRuntime();
  const notify = useNotify();
  const showError = useActionError();
  const navigate = useNavigate();
  const [xml, setXml] = useState<string | null>(null);
  const [arquivo, setArquivo] = useState<string | null>(null);
  const [preview, setPreview] = useState<PreviaImportacaoXml | null>(null);
  const [escolhas, setEscolhas] = useState<Record<number, EscolhaProduto>>({});
  const [cfops, setCfops] = useState<Record<number, string>>({});
  const [dataEntrada, setDataEntrada] = useState(() => new Date().toLocaleDateString('sv-SE'));
  const [busy, setBusy] = useState(false);

  const guard = async (fn: () => Promise<void>) => {
    setBusy(true);
    try {
      await fn();
    } catch (error) {
      await showError(error);
    } finally {
      setBusy(false);
    }
  };

  const escolherArquivo = (file: File) =>
    guard(async () => {
      setPreview(null);
      setXml(null);
      setArquivo(file.name);
      if (file.size > MAX_BYTES)
        throw new Error('O arquivo XML passa de 5 MB: envie o XML de uma única NF-e.');
      const text = await file.text();
      const { data, error } = await api.POST('/api/XmlNfe/importar/previa', { body: { xml: text } });
      if (error) throw error;
      setXml(text);
      setPreview(data);
      setEscolhas(
        Object.fromEntries(data.itens.map((item) => [item.numeroItem, sugestaoDe(item) ?? { tipo: 'novo' }])),
      );
      setCfops(Object.fromEntries(data.itens.map((item) => [item.numeroItem, item.cfopEntrada])));
    });

  const cfopInvalido = Object.values(cfops).some((cfop) => !/^[1-3][0-9]{3}$/.test(cfop));

  const confirmar = () =>
    guard(async () => {
      if (!xml || !preview) return;
      const itens = preview.itens.map((item) => {
        const escolha = escolhas[item.numeroItem] ?? { tipo: 'nenhum' };
        return {
          numeroItem: item.numeroItem,
          cfop: cfops[item.numeroItem] ?? item.cfopEntrada,
          ...(escolha.tipo === 'produto'
            ? { produtoId: escolha.produtoId }
            : escolha.tipo === 'novo'
              ? { cadastrarProduto: true }
              : { produtoId: null }),
        };
      });
      const { data, error } = await api.POST('/api/XmlNfe/importar', { body: { xml, dataEntrada, itens } });
      if (error) throw error;
      notify.toast(`NF-e ${data.numero} série ${data.serie} importada com ${data.itens} item(ns).`, {
        severity: 'success',
      });
      navigate(LISTA);
    });

  return {
    arquivo,
    preview,
    escolhas,
    setEscolha: (numeroItem: number, escolha: EscolhaProduto) =>
      setEscolhas((current) => ({ ...current, [numeroItem]: escolha })),
    cfops,
    setCfop: (numeroItem: number, cfop: string) =>
      setCfops((current) => ({ ...current, [numeroItem]: cfop })),
    cfopInvalido,
    dataEntrada,
    setDataEntrada,
    busy,
    escolherArquivo,
    confirmar,
  };
}
