import { useCallback, useMemo, useRef, useState } from 'react';
import { checkPermission } from '../../../core/checkPermission.ts';
import { PermissionLevel } from '../../../core/types.ts';
import { callOperation } from '../../api/callOperation.ts';
import { useRuntime, useSession, useTenant } from '../../app/RuntimeContext.tsx';
import { enumOptions } from '../../auth/enumOptions.ts';
import { fileToBase64 } from '../../ui/fileToBase64.ts';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import { buildParameterSchema } from '../tool/buildParameterSchema.ts';
import { confirmDeclared } from '../tool/confirmDeclared.ts';
import { emptyOptionSources } from '../tool/EmptyOptions.tsx';
import { fillFormatted } from '../tool/fillFormatted.ts';
import { useParameterOptions } from '../tool/useParameterOptions.ts';
import { countRows } from './countRows.ts';
import type { UploadAnswer, UploadScreen } from './uploadTypes.ts';

type Values = Record<string, unknown>;
type Chosen = { nome: string; conteudo: string };

/** Whether every required parameter holds a value. */
const completeFor = (required: unknown) => (current: Values) =>
  !(Array.isArray(required) ? (required as string[]) : []).some(
    (field) => current[field] === undefined || current[field] === null || current[field] === '',
  );

/** The body fields carrying the file: its name (when declared) and its base64 content. */
const fileBody = (spec: UploadScreen['file'], file: Chosen) => ({
  ...(spec.name ? { [spec.name]: file.nome } : {}),
  [spec.content]: file.conteudo,
});

const megabytes = (bytes: number) =>
  `${(bytes / 1_048_576).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;

/**
 * Controller of an `upload` screen: the parameters (options read from operations; a sole option is
 * chosen), the chosen file (refused over `maxBytes` before any request), the preview operation run
 * whenever both are complete, and the confirmation (permission level, dialog, toast, summary) after
 * which the file is previewed again so the grid shows what is now processed.
 */
export function useUploadController(declaration: UploadScreen) {
  const { api } = useRuntime();
  const { schemas } = useTenant();
  const { user } = useSession();
  const notify = useNotify();
  const showError = useActionError();
  const { parameters, file: fileSpec, preview: previewSpec, confirm: confirmSpec } = declaration;
  const [values, setValues] = useState<Values>({});
  const loaded = useParameterOptions(parameters?.options, setValues, {
    chooseSole: true,
    initial: parameters ? null : {},
  });
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [preview, setPreview] = useState<UploadAnswer | null>(null);
  const [result, setResult] = useState<UploadAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const request = useRef(0);
  const complete = completeFor((parameters?.schema as { required?: unknown } | undefined)?.required);

  const schema = useMemo(
    () =>
      parameters && loaded
        ? buildParameterSchema(parameters, (name) => enumOptions(schemas, name).options, loaded)
        : null,
    [parameters, schemas, loaded],
  );
  /** Option parameters whose operation answered nothing: the file cannot be sent for them. */
  const emptyOptions = emptyOptionSources(parameters?.options, loaded);

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
    if (file.size > fileSpec.maxBytes) {
      await notify.alert({
        title: 'Arquivo muito grande',
        message: fillFormatted(fileSpec.tooLarge ?? 'O arquivo {nome} passa do limite de {max}.', {
          nome: file.name,
          max: megabytes(fileSpec.maxBytes),
        }),
      });
      return;
    }
    const loadedFile = { nome: file.name, conteudo: await fileToBase64(file) };
    setChosen(loadedFile);
    if (complete(values)) await runPreview(values, loadedFile);
  };

  const missing = !complete(values);
  const counts = countRows(declaration.counts, preview);
  const pending = counts[confirmSpec.count ?? ''] ?? 0;
  const level = PermissionLevel[confirmSpec.level ?? 'CRIAR'];
  const canConfirm = !confirmSpec.permission || checkPermission(user, confirmSpec.permission, level);

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
