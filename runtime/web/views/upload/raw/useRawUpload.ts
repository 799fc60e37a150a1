import { useCallback, useEffect, useState } from 'react';
import { decodeCsvBytes } from '../../../../core/decodeCsvBytes.ts';
import { extractErrorMessage } from '../../../../core/extractErrorMessage.ts';
import { parseCsv } from '../../../../core/parseCsv.ts';
import { readPath } from '../../../../core/readPath.ts';
import { callOperation } from '../../../api/callOperation.ts';
import { useRuntime } from '../../../app/RuntimeContext.tsx';
import { fileToBase64 } from '../../../ui/fileToBase64.ts';
import { useNotify } from '../../../ui/NotifyProvider.tsx';
import { useActionError } from '../../../ui/useActionError.tsx';
import { confirmDeclared } from '../../tool/confirmDeclared.ts';
import { fillFormatted } from '../../tool/fillFormatted.ts';
import type { ImportLineError } from '../csv/csvTypes.ts';
import type { UploadAnswer, UploadScreen } from '../uploadTypes.ts';
import { useConfirmAllowed } from '../useConfirmAllowed.ts';
import { fileFits } from '../useUploadController.ts';
import { useUploadParameters } from '../useUploadParameters.ts';
import { derivedFromFileName } from './derivedFromFileName.ts';

type Values = Record<string, unknown>;
/** The chosen file as read in the browser, to show before sending. */
export interface ChosenFile {
  file: File;
  linhas: number;
  encoding: string;
}

/**
 * Controller of an upload whose file is sent as itself (`file.send: "raw"`): the parameters (some read
 * from the file's name), the chosen file (refused over `maxBytes`; its CSV data lines and encoding
 * counted in the browser), what `status` says is loaded now (read when the screen opens, before the
 * confirmation and after it), and the confirmation: all or nothing, the server's errors per line kept
 * to show. `version` grows after each import so the sections under the upload read their rows again.
 */
export function useRawUpload(declaration: UploadScreen) {
  const { api } = useRuntime();
  const notify = useNotify();
  const showError = useActionError();
  const { parameters, file: fileSpec, confirm: confirmSpec, status: statusSpec } = declaration;
  const { values, setValues, schema, complete } = useUploadParameters(parameters);
  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; erros: ImportLineError[] } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [status, setStatus] = useState<unknown>(undefined);
  const [version, setVersion] = useState(0);
  const canConfirm = useConfirmAllowed(confirmSpec);

  /** The declared state (`value` of the answer), or undefined without `status` or when reading failed. */
  const readStatus = useCallback(async () => {
    if (!statusSpec) return undefined;
    const { data, error } = await callOperation(api, statusSpec.operationId);
    if (error) return void (await showError(error));
    const value = statusSpec.value ? readPath(data, statusSpec.value.split('.')) : data;
    setStatus(value ?? null);
    return value ?? null;
  }, [api, statusSpec, showError]);

  useEffect(() => {
    void readStatus();
  }, [readStatus]);

  const choose = async (file: File) => {
    setFailure(null);
    setDone(null);
    if (!(await fileFits(notify, fileSpec, file))) return setChosen(null);
    if (fileSpec.send === 'json') return setChosen({ file, encoding: '', linhas: 0 });
    const { text, encoding } = decodeCsvBytes(new Uint8Array(await file.arrayBuffer()));
    setChosen({ file, encoding, linhas: parseCsv(text).rows.length });
    setValues((current) => ({ ...current, ...derivedFromFileName(fileSpec, file.name, schema) }));
  };

  const missing = !complete(values);

  const confirm = async () => {
    if (!chosen || missing || !canConfirm) return;
    // What is loaded now (read again: a section may have changed it), or the row of the chosen parameter.
    const state = await readStatus();
    const match = statusSpec?.match;
    const atual =
      match && Array.isArray(state)
        ? (state as Values[]).find((row) => row[match.field] === values[match.parameter])
        : state;
    const placeholders = { ...values, nome: chosen.file.name, ...chosen, atual: atual ?? undefined };
    if (!(await confirmDeclared(notify, confirmSpec.dialog, placeholders))) return;
    setBusy(true);
    setFailure(null);
    try {
      const request = {
        ...confirmSpec.body,
        ...values,
        ...(fileSpec.name ? { [fileSpec.name]: chosen.file.name } : {}),
      };
      const contentType = fileSpec.contentType ?? (chosen.file.type || 'application/octet-stream');
      // `send: "json"`: the file in base64 in its body field, beside the name and the parameters.
      const { data, error } =
        fileSpec.send === 'json'
          ? await callOperation(api, confirmSpec.operationId, {
              ...request,
              [fileSpec.content]: await fileToBase64(chosen.file),
            })
          : await callOperation(api, confirmSpec.operationId, request, {
              raw: { body: chosen.file, contentType },
            });
      if (error || !data) {
        const erros = readPath(error, ['error', 'details', 'erros']);
        setFailure({
          message: extractErrorMessage(error),
          erros: Array.isArray(erros) ? (erros as ImportLineError[]) : [],
        });
        return;
      }
      const answer = data as UploadAnswer;
      if (confirmSpec.success) setDone(fillFormatted(confirmSpec.success, answer));
      if (confirmSpec.message)
        notify.toast(fillFormatted(confirmSpec.message, answer), { severity: 'success' });
      setChosen(null);
      if (confirmSpec.reset) setValues({});
      setVersion((current) => current + 1);
      void readStatus();
    } finally {
      setBusy(false);
    }
  };

  return {
    schema,
    values,
    change: setValues,
    chosen,
    clear: () => setChosen(null),
    choose,
    missing,
    canConfirm,
    confirm,
    busy,
    failure,
    done,
    status,
    reload: readStatus,
    version,
  };
}
