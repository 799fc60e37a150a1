import { useCallback, useEffect, useState } from 'react';
import { decodeCsvBytes } from '../../../core/decodeCsvBytes.ts';
import { matchCsvColumns } from '../../../core/matchCsvColumns.ts';
import { parseCsv } from '../../../core/parseCsv.ts';
import { readPath } from '../../../core/readPath.ts';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import type {
  ImportField,
  ImportLineError,
  ImportResponse,
  ImportSource,
  LoadedFile,
} from './importTypes.ts';

/** The server's limit per file (one request, one transaction). */
export const MAX_LINES = 5000;
const MAX_BYTES = 5 * 1024 * 1024;

/**
 * Controller of a CSV import screen (Importar arquivo, Importação de dados): reads the CSV in the browser
 * (UTF-8 or Windows-1252, ';' or ','), auto-maps its columns to the fields of `source`, validates every
 * line on the server (same entity validation as the records API) and imports the file all or nothing.
 * A null source (no entity chosen yet) offers no fields.
 */
export function useCsvImport(source: ImportSource | null) {
  const notify = useNotify();
  const showError = useActionError();
  const [fields, setFields] = useState<ImportField[]>([]);
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [mapping, setMappingState] = useState<(string | null)[]>([]);
  const [result, setResult] = useState<ImportResponse | null>(null);
  const [imported, setImported] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const canImport = source?.canImport ?? false;
  const sourceId = source?.id;
  const loadFields = source?.fields;
  const noun = source?.noun ?? { singular: 'registro', plural: 'registros', gender: 'm' as const };

  // A new target starts over: its own fields, no file, no result.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads when the target (sourceId) changes.
  useEffect(() => {
    let active = true;
    setFields([]);
    setFile(null);
    setMappingState([]);
    setResult(null);
    setImported(null);
    if (!loadFields) return;
    void loadFields().then(({ data, error }) => {
      if (!active) return;
      if (error || !data) return void showError(error);
      setFields(data);
    });
    return () => {
      active = false;
    };
  }, [sourceId, showError]);

  const load = useCallback(
    async (selected: File) => {
      setResult(null);
      setImported(null);
      if (selected.size > MAX_BYTES) {
        setFile(null);
        return notify.alert({ title: 'Arquivo grande demais', message: 'Envie um arquivo de até 5 MB.' });
      }
      const { text, encoding } = decodeCsvBytes(new Uint8Array(await selected.arrayBuffer()));
      const parsed = parseCsv(text);
      if (parsed.header.length === 0 || parsed.rows.length === 0) {
        setFile(null);
        return notify.alert({
          title: 'Arquivo sem dados',
          message: `O arquivo deve ter uma linha de cabeçalho e ao menos uma linha de ${noun.singular}.`,
        });
      }
      if (parsed.rows.length > MAX_LINES) {
        setFile(null);
        return notify.alert({
          title: 'Arquivo grande demais',
          message: `O arquivo tem ${parsed.rows.length} linhas; importe no máximo ${MAX_LINES} por vez.`,
        });
      }
      setFile({ name: selected.name, encoding, ...parsed });
      setMappingState(matchCsvColumns(parsed.header, fields));
    },
    [fields, notify, noun.singular],
  );

  const setMapping = (index: number, campo: string | null) => {
    setMappingState((current) =>
      current.map((value, position) => (position === index ? campo : value === campo ? null : value)),
    );
    setResult(null);
  };

  /** The lines as the API takes them: the text of every mapped column. */
  const lines = () =>
    (file?.rows ?? []).map((row) => ({
      linha: row.linha,
      valores: Object.fromEntries(
        mapping.flatMap((campo, index) => (campo ? [[campo, row.cells[index] ?? '']] : [])),
      ),
    }));

  const send = async (acao: 'validar' | 'importar') => {
    if (!source) return;
    setBusy(true);
    try {
      const { data, error } = await source.send(acao, lines());
      if (error || !data) {
        const erros = readPath(error, ['error', 'details', 'erros']) as ImportLineError[] | undefined;
        if (Array.isArray(erros)) {
          const invalidas = new Set(erros.map((erro) => erro.linha)).size;
          const total = file?.rows.length ?? 0;
          setResult({ total, validas: total - invalidas, invalidas, importados: 0, erros });
        }
        throw error;
      }
      setResult(data);
      if (acao === 'importar') {
        setImported(data.importados);
        setFile(null);
        setMappingState([]);
        const done = noun.gender === 'f' ? 'importada(s)' : 'importado(s)';
        notify.toast(`${data.importados} ${noun.singular}(s) ${done} com sucesso.`, { severity: 'success' });
      }
    } catch (error) {
      await showError(error);
    } finally {
      setBusy(false);
    }
  };

  const importNow = async () => {
    const ok = await notify.confirm({
      title: `Importar ${noun.plural}`,
      message: `Serão ${noun.gender === 'f' ? 'cadastradas' : 'cadastrados'} ${file?.rows.length ?? 0} ${noun.singular}(s). Deseja continuar?`,
      confirmLabel: 'Importar',
    });
    if (ok) await send('importar');
  };

  const reset = () => {
    setFile(null);
    setMappingState([]);
    setResult(null);
    setImported(null);
  };

  const missing = fields.filter((field) => field.obrigatorio && !mapping.includes(field.campo));
  return {
    noun,
    fields,
    file,
    mapping,
    setMapping,
    result,
    imported,
    busy,
    canImport,
    missing,
    load,
    validate: () => send('validar'),
    importNow,
    reset,
  };
}
