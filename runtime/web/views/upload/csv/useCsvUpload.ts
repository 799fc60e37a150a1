import { useCallback, useEffect, useState } from 'react';
import { decodeCsvBytes } from '../../../../core/decodeCsvBytes.ts';
import { matchCsvColumns } from '../../../../core/matchCsvColumns.ts';
import { parseCsv } from '../../../../core/parseCsv.ts';
import { readPath } from '../../../../core/readPath.ts';
import { callOperation } from '../../../api/callOperation.ts';
import { useRuntime } from '../../../app/RuntimeContext.tsx';
import { useNotify } from '../../../ui/NotifyProvider.tsx';
import { useActionError } from '../../../ui/useActionError.tsx';
import { previewOf } from '../previewOf.ts';
import type { UploadScreen } from '../uploadTypes.ts';
import { useConfirmAllowed } from '../useConfirmAllowed.ts';
import { mappedLines, remap } from './csvLines.ts';
import type { CsvTarget, ImportField, ImportLineError, ImportResponse, LoadedFile } from './csvTypes.ts';

const FALLBACK_NOUN = { singular: 'registro', plural: 'registros', gender: 'm' as const };

/**
 * Controller of an upload screen with `file.parse: "csv"` (Importar arquivo, Importação de dados): reads
 * the CSV in the browser (UTF-8 or Windows-1252, ';' or ','), auto-maps its columns to the fields the
 * `csv.fields` operation answers, validates every line with the preview operation (same entity validation
 * as the records API) and imports the file all or nothing with the confirm operation. A null target (no
 * entity chosen yet) offers no fields.
 */
export function useCsvUpload(declaration: UploadScreen, target: CsvTarget | null) {
  const { api } = useRuntime();
  const notify = useNotify();
  const showError = useActionError();
  const { file: fileSpec, confirm: confirmSpec } = declaration;
  const previewSpec = previewOf(declaration);
  const csv = declaration.csv as NonNullable<UploadScreen['csv']>;
  const [fields, setFields] = useState<ImportField[]>([]);
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [mapping, setMappingState] = useState<(string | null)[]>([]);
  const [result, setResult] = useState<ImportResponse | null>(null);
  const [imported, setImported] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const allowed = useConfirmAllowed(confirmSpec);
  const canImport = target !== null && allowed;
  const noun = target?.noun ?? FALLBACK_NOUN;

  // A new target starts over: its own fields, no file, no result.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads when the target (its id) changes.
  useEffect(() => {
    let active = true;
    setFields([]);
    setFile(null);
    setMappingState([]);
    setResult(null);
    setImported(null);
    if (!target) return;
    void callOperation(api, csv.fields.operationId, target.params).then(({ data, error }) => {
      if (!active) return;
      if (error || !data) return void showError(error);
      setFields(data as ImportField[]);
    });
    return () => {
      active = false;
    };
  }, [target?.id, api, showError]);

  const load = useCallback(
    async (selected: File) => {
      setResult(null);
      setImported(null);
      if (selected.size > fileSpec.maxBytes) {
        setFile(null);
        return notify.alert({
          title: 'Arquivo grande demais',
          message:
            fileSpec.tooLarge ?? `Envie um arquivo de até ${Math.round(fileSpec.maxBytes / 1_048_576)} MB.`,
        });
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
      if (parsed.rows.length > csv.maxLines) {
        setFile(null);
        return notify.alert({
          title: 'Arquivo grande demais',
          message: `O arquivo tem ${parsed.rows.length} linhas; importe no máximo ${csv.maxLines} por vez.`,
        });
      }
      setFile({ name: selected.name, encoding, ...parsed });
      setMappingState(matchCsvColumns(parsed.header, fields));
    },
    [fields, notify, noun.singular, fileSpec, csv.maxLines],
  );

  const setMapping = (index: number, campo: string | null) => {
    setMappingState((current) => remap(current, index, campo));
    setResult(null);
  };

  const send = async (step: 'preview' | 'confirm') => {
    if (!target) return;
    const spec = step === 'confirm' ? confirmSpec : previewSpec;
    setBusy(true);
    try {
      const body = {
        ...spec.body,
        ...target.params,
        [fileSpec.content]: mappedLines(file?.rows ?? [], mapping),
      };
      const answer = await callOperation(api, spec.operationId, body);
      const data = answer.data as ImportResponse | undefined;
      if (answer.error || !data) {
        const erros = readPath(answer.error, ['error', 'details', 'erros']) as ImportLineError[] | undefined;
        if (Array.isArray(erros)) {
          const invalidas = new Set(erros.map((erro) => erro.linha)).size;
          const total = file?.rows.length ?? 0;
          setResult({ total, validas: total - invalidas, invalidas, importados: 0, erros });
        }
        throw answer.error;
      }
      setResult(data);
      if (step === 'confirm') {
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
      confirmLabel: confirmSpec.label,
    });
    if (ok) await send('confirm');
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
    validate: () => send('preview'),
    importNow,
    reset,
  };
}
