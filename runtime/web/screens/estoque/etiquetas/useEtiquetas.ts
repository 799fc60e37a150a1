import { useEffect, useMemo, useState } from 'react';
import { useRuntime } from '../../../app/RuntimeContext.tsx';
import { useActionError } from '../../../ui/useActionError.tsx';
import {
  type EtiquetaItem,
  type EtiquetaModelo,
  type EtiquetaProduto,
  type LabelOptions,
  MAX_LABELS,
} from './etiquetaTypes.ts';

/** Controller of Imprimir etiquetas: models, chosen produtos and quantities, options and the laid-out labels. */
export function useEtiquetas() {
  const { api } = useRuntime();
  const showError = useActionError();
  const [modelos, setModelos] = useState<EtiquetaModelo[] | null>(null);
  const [modeloId, setModeloId] = useState<number | ''>('');
  const [items, setItems] = useState<EtiquetaItem[]>([]);
  const [options, setOptions] = useState<LabelOptions>({ mostrarPreco: true, mostrarCodigoBarras: true });
  const [inicio, setInicio] = useState(1);

  useEffect(() => {
    let active = true;
    void api.GET('/api/Produtos/etiquetas/modelos').then(({ data, error }) => {
      if (!active) return;
      if (error) return void showError(error);
      setModelos(data);
      if (data[0]) setModeloId(data[0].id);
    });
    return () => {
      active = false;
    };
  }, [api, showError]);

  const add = (produto: EtiquetaProduto) =>
    setItems((current) =>
      current.some((item) => item.produto.id === produto.id)
        ? current.map((item) =>
            item.produto.id === produto.id ? { ...item, quantidade: item.quantidade + 1 } : item,
          )
        : [...current, { produto, quantidade: 1 }],
    );
  const setQuantity = (id: number, quantidade: number) =>
    setItems((current) => current.map((item) => (item.produto.id === id ? { ...item, quantidade } : item)));
  const remove = (id: number) => setItems((current) => current.filter((item) => item.produto.id !== id));

  const modelo = modelos?.find((candidate) => candidate.id === modeloId) ?? null;
  const total = items.reduce((sum, item) => sum + item.quantidade, 0);
  /** Positions on the sheet: blanks before the starting position, then each produto's copies. */
  const labels = useMemo(() => {
    const blanks: Array<EtiquetaProduto | null> = Array.from({ length: Math.max(0, inicio - 1) }, () => null);
    const filled = items.flatMap((item) => Array.from({ length: item.quantidade }, () => item.produto));
    return [...blanks, ...filled].slice(0, MAX_LABELS + inicio - 1);
  }, [items, inicio]);

  return {
    modelos,
    modelo,
    modeloId,
    setModeloId,
    items,
    add,
    setQuantity,
    remove,
    options,
    setOptions,
    inicio,
    setInicio,
    total,
    labels,
    tooMany: total > MAX_LABELS,
  };
}
