import { useCallback, useRef, useState } from 'react';
import { callOperation } from '../../api/callOperation.ts';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { fileToBase64 } from '../../ui/fileToBase64.ts';
import { type Notify, useNotify } from '../../ui/NotifyProvider.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import { confirmDeclared } from '../tool/confirmDeclared.ts';
import { fillFormatted } from '../tool/fillFormatted.ts';
import { countRows } from './countRows.ts';
import { previewOf } from './previewOf.ts';
import type { UploadAnswer, UploadScreen } from './uploadTypes.ts';
import { useConfirmAllowed } from './useConfirmAllowed.ts';
import { useUploadParameters } from './useUploadParameters.ts';

type Values = Record<string, unknown>;
type Chosen = { nome: string; conteudo: string };

/** The body fields carrying the file: its name (when declared) and its base64 content. */
const fileBody = (spec: UploadScreen['file'], file: Chosen) => ({
  ...(spec.name ? { [spec.name]: file.nome } : {}),
  [spec.content]: file.conteudo,
});

const megabytes = (bytes: number) =>
  `${(bytes / 1_048_576).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;

/** The extensions of an `accept` list (".pfx,.p12,application/x-pkcs12" → [".pfx", ".p12"]). */
const extensionsOf = (accept: string) =>
  accept
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item.startsWith('.'));

/**
 * Refuses a file over the declared size, or (with `wrongType`) whose extension is none of `accept`'s (the
 * alert says why); true when it may be read.
 */
export async function fileFits(notify: Notify, spec: UploadScreen['file'], file: File): Promise<boolean> {
  const extensions = extensionsOf(spec.accept);
  if (spec.wrongType && !extensions.some((extension) => file.name.toLowerCase().endsWith(extension))) {
    await notify.alert({
      title: 'Arquivo não aceito',
      message: fillFormatted(spec.wrongType, { nome: file.name }),
    });
    return false;
  }
  if (file.size <= spec.maxBytes) return true;
  await notify.alert({
    title: 'Arquivo muito grande',
    message: fillFormatted(spec.tooLarge ?? 'O arquivo {nome} passa do limite de {max}.', {
      nome: file.name,
      max: megabytes(spec.maxBytes),
    }),
  });
  return false;
}

/**
 * Controller of an `upload` screen: the parameters (options read from operations; a sole option is
 * chosen), the chosen file (refused over `maxBytes` before any request), the preview operation run
 * whenever both are complete, and the confirmation (permission level, dialog, toast, summary) after
 * which the file is previewed again so the grid shows what is now processed.
 */
export function useUploadController(declaration: UploadScreen) {
  const { api } = useRuntime();
  const notify = useNotify();
  const showError = useActionError();
  const { parameters, file: fileSpec, confirm: confirmSpec } = declaration;
  const previewSpec = previewOf(declaration);
  const { values, setValues, schema, complete, emptyOptions } = useUploadParameters(parameters);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [preview, setPreview] = useState<UploadAnswer | null>(null);
  const [result, setResult] = useState<UploadAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const request = useRef(0);
  const runPreview = useCallback(
    async (current: Values, file: Chosen) => {
      const id = ++request.current;
      setBusy(true);
      try {
        const body = { ...previewSpec.body, ...current, ...fileBody(fileSpec, file) };
        const { data, error } = await callOperation(api, previewSpec.operationId, body);
        if (error) throw error;
        if (id === request.current) setPreview((data ?? {}) as UploadAnswer);
      } catch (error) {
        if (id === request.current) setPreview(null);
        await showError(error);
      } finally {
        if (id === request.current) setBusy(false);
      }
    },
    [api, fileSpec, previewSpec, showError],
  );

  const change = (next: Values) => {
    const changed = JSON.stringify(next) !== JSON.stringify(values);
    setValues(next);
    if (!changed) return;
    setResult(null);
    setPreview(null);
    if (chosen && complete(next)) void runPreview(next, chosen);
  };

  const choose = async (file: File) => {
    setResult(null);
    setPreview(null);
    if (!(await fileFits(notify, fileSpec, file))) return;
    const loadedFile = { nome: file.name, conteudo: await fileToBase64(file) };
    setChosen(loadedFile);
    if (complete(values)) await runPreview(values, loadedFile);
  };

  const missing = !complete(values);
  const counts = countRows(declaration.counts, preview);
  const pending = counts[confirmSpec.count ?? ''] ?? 0;
  const canConfirm = useConfirmAllowed(confirmSpec);

  const confirm = async () => {
    if (!chosen || missing || pending === 0 || !canConfirm) return;
    const placeholders = { ...preview, ...counts };
    if (!(await confirmDeclared(notify, confirmSpec.dialog, placeholders))) return;
    setBusy(true);
    try {
      const body = { ...confirmSpec.body, ...values, ...fileBody(fileSpec, chosen) };
      const { data, error } = await callOperation(api, confirmSpec.operationId, body);
      if (error) throw error;
      const answer = (data ?? {}) as UploadAnswer;
      setResult(answer);
      if (confirmSpec.message)
        notify.toast(fillFormatted(confirmSpec.message, answer), { severity: 'success' });
    } catch (error) {
      await showError(error);
    } finally {
      setBusy(false);
    }
    await runPreview(values, chosen);
  };

  return {
    schema,
    values,
    change,
    chosen,
    choose,
    preview,
    counts,
    pending,
    result,
    busy,
    canConfirm,
    confirm,
    missing,
    emptyOptions,
  };
}
