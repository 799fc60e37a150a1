import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { checkPermission } from '../../../core/checkPermission.ts';
import { conditionHolds } from '../../../core/screens/evaluateRule.ts';
import { fillTemplate } from '../../../core/screens/fillTemplate.ts';
import { PermissionLevel } from '../../../core/types.ts';
import { callOperation } from '../../api/callOperation.ts';
import { useRuntime, useSession, useTenant } from '../../app/RuntimeContext.tsx';
import { enumOptions } from '../../auth/enumOptions.ts';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import { sameFormValues } from '../form/sameFormValues.ts';
import { fillQuery } from '../lookup/fillQuery.ts';
import { buildParameterSchema } from './buildParameterSchema.ts';
import { confirmDeclared } from './confirmDeclared.ts';
import { downloadArquivo, saveBlob } from './downloadArquivo.ts';
import { emptyOptionSources } from './EmptyOptions.tsx';
import { lowercasePaths, trimTexts } from './fieldErrors.ts';
import { fillFormatted } from './fillFormatted.ts';
import { requestValues } from './requestValues.ts';
import { requiredFilled } from './requiredFilled.ts';
import type { ToolAction, ToolAnswer, ToolScreen } from './toolTypes.ts';
import { useFieldErrors } from './useFieldErrors.ts';
import { useLoadedValues } from './useLoadedValues.ts';
import { useParameterOptions } from './useParameterOptions.ts';

type Values = Record<string, unknown>;

/**
 * Controller of a `tool` screen: loads the options its parameters read from operations (and the
 * value each selects at first), keeps the parameter values (any change clears the result, so what is
 * downloaded is what was seen) and runs the declared actions with the runtime's error dialog. A
 * configuration's values come from `load` and a `save` action writes them back; `extra` (from a host
 * screen) travels with every request; `autoRun` runs an action once the form is ready. Field messages
 * (`validate`, `refused`) come from useFieldErrors; `undo` puts the loaded values back.
 */
export function useToolController(declaration: ToolScreen, hostValues?: Values) {
  const runtime = useRuntime();
  const { api } = runtime;
  const { schemas, config } = useTenant();
  // Values of every request: the declared `params` ({config.…} read the white-label) and the host's.
  const extra = useMemo(
    () => ({ ...fillQuery(declaration.params, { config }), ...hostValues }),
    [declaration.params, config, hostValues],
  );
  const { user } = useSession();
  const notify = useNotify();
  const showError = useActionError();
  const [values, setValues] = useState<Values>({});
  const [result, setResult] = useState<ToolAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const { parameters } = declaration;
  const paging = declaration.result?.summary?.grid?.paging;
  // The page of a paged result grid, and the action that answered it (the pager runs it again).
  const [page, setPage] = useState({ skip: 0, limit: paging?.pageSizes?.[0] ?? 25 });
  const [shown, setShown] = useState<ToolAction | null>(null);
  const loaded = useParameterOptions(parameters.options, setValues, { chooseSole: parameters.chooseSole });
  // Only a parameter that declares what to say when it has no option blocks the actions.
  const emptyOptions = emptyOptionSources(parameters.options, loaded).filter(([, source]) => source.empty);

  const { ready, fill, loaded: loadedValues } = useLoadedValues(declaration, extra, setValues);

  const schema = useMemo(
    () =>
      loaded && ready
        ? buildParameterSchema(parameters, (name) => enumOptions(schemas, name).options, loaded)
        : null,
    [parameters, schemas, loaded, ready],
  );

  const fields = useFieldErrors(parameters, schema, parameters.uiSchema ?? {}, values);
  const { check, refuse, changed: serverFieldsStale, clear: clearFields } = fields;
  // A loaded configuration: whether the values differ from it, and `undo` to put it back.
  // `trim`: texts are sent (and compared with the loaded ones) without surrounding spaces.
  const sent = useMemo(() => (parameters.trim ? trimTexts(values) : values), [parameters.trim, values]);
  const dirty =
    declaration.load !== undefined &&
    !sameFormValues(sent, parameters.trim ? trimTexts(loadedValues) : loadedValues);

  const change = useCallback(
    (next: Values) => {
      setValues(lowercasePaths(next, parameters.lowercase));
      setResult(null);
      setProblem(null);
      setSuccess(null);
      serverFieldsStale();
    },
    [parameters.lowercase, serverFieldsStale],
  );

  const undo = useCallback(() => {
    change(loadedValues);
    clearFields();
  }, [change, loadedValues, clearFields]);

  /** A binary answer: saved under the Content-Disposition name; the message reads declared headers. */
  const runFile = useCallback(
    async (action: ToolAction) => {
      const { data, error, response } = await callOperation(
        api,
        action.operationId,
        { ...requestValues(parameters, sent), ...extra },
        {
          parseAs: 'blob',
        },
      );
      if (error) throw error;
      const disposition = response?.headers.get('content-disposition') ?? '';
      const nome = /filename="([^"]+)"/.exec(disposition)?.[1] ?? action.fileName ?? 'arquivo';
      saveBlob(data as Blob, nome);
      const placeholders: Record<string, unknown> = { nomeArquivo: nome };
      for (const [key, header] of Object.entries(action.headers ?? {}))
        placeholders[key] = response?.headers.get(header) ?? '0';
      if (action.message) notify.toast(fillTemplate(action.message, placeholders), { severity: 'success' });
    },
    [api, parameters, sent, extra, notify],
  );

  // `liveChecks`: the first failing check, shown while the values fail it (the actions wait for them).
  const failing = useMemo(
    () =>
      parameters.liveChecks
        ? ((parameters.checks ?? []).find((check) => conditionHolds(check.condition, values))?.message ??
          null)
        : null,
    [parameters, values],
  );

  // `waitForRequired`: a required parameter still empty keeps the actions disabled.
  const incomplete = parameters.waitForRequired === true && !requiredFilled(parameters.schema, values);

  /** Whether the user holds the level the action declares (none declared: allowed). */
  const allowed = useCallback(
    (action: ToolAction) =>
      !action.permission ||
      checkPermission(user, action.permission, PermissionLevel[action.level ?? 'ALTERAR']),
    [user],
  );

  const run = useCallback(
    async (action: ToolAction, at?: { skip: number; limit: number }) => {
      const failed = (parameters.checks ?? []).find((check) => conditionHolds(check.condition, values));
      setProblem(failed?.message ?? null);
      if (failed || !allowed(action) || !check()) return;
      if (action.unchanged && !dirty) return void notify.toast(action.unchanged, { severity: 'info' });
      if (action.type === 'print') return void window.print();
      if (!(await confirmDeclared(notify, action.confirm, result))) return;
      setBusy(true);
      try {
        if (action.type === 'file') {
          await runFile(action);
          return;
        }
        // A paged answer: the first page, or the page the pager asks for.
        const fills = !action.success && (action.type === 'preview' || action.type === 'run');
        const next = at ?? { skip: 0, limit: page.limit };
        const pageFields = paging && fills ? { [paging.skip]: next.skip, [paging.limit]: next.limit } : {};
        const sentValues = requestValues(parameters, sent);
        const { data, error } = await callOperation(api, action.operationId, {
          ...(action.wrap ? { [action.wrap]: sentValues } : sentValues),
          ...extra,
          ...(action.body ?? {}),
          ...pageFields,
        });
        if (error) throw error;
        const answer = (data ?? {}) as ToolAnswer;
        // A queued report is followed by the shell's reports dialog (realtime): only the toast here.
        if (action.type === 'download') downloadArquivo(answer as { nomeArquivo: string; conteudo: string });
        else if (action.type === 'save') fill(answer);
        else if (action.success) {
          setResult(null);
          setSuccess(fillFormatted(action.success, answer));
        } else if (action.type === 'preview' || action.type === 'run') {
          setResult(answer);
          setSuccess(null);
          setShown(action);
          setPage(next);
        }
        // The cached configuration is read again at the next start-up (menus follow the saved modules).
        if (action.refreshesConfig) runtime.cache.invalidate(`ConfigWhiteLabels:${runtime.boot.idConfig}`);
        if (action.message) notify.toast(fillTemplate(action.message, answer), { severity: 'success' });
        // `reset`: the parameters back to their defaults (rjsf fills them from the schema).
        if (action.reset) setValues({});
      } catch (error) {
        if (!refuse(action, error)) await showError(error);
      } finally {
        setBusy(false);
      }
    },
    [
      api,
      runtime,
      parameters,
      values,
      sent,
      extra,
      notify,
      showError,
      runFile,
      allowed,
      result,
      page.limit,
      paging,
      fill,
      check,
      refuse,
      dirty,
    ],
  );

  /** Another page (or page size) of the shown answer: its action again, with the same values. */
  const changePage = useCallback(
    (skip: number, limit: number) => {
      if (shown) void run(shown, { skip, limit });
    },
    [run, shown],
  );

  // `autoRun`: the declared action once the form is ready (e.g. the results of the default filter).
  const autoRun = declaration.autoRun ? declaration.actions[declaration.autoRun] : undefined;
  const started = useRef(false);
  useEffect(() => {
    if (!autoRun || !schema || started.current) return;
    started.current = true;
    void run(autoRun);
  }, [autoRun, schema, run]);

  return {
    schema,
    values,
    change,
    result,
    busy,
    run,
    problem,
    failing,
    incomplete,
    success,
    allowed,
    page,
    changePage,
    emptyOptions,
    fieldErrors: fields.errors,
    refusal: fields.refusal,
    closeRefusal: fields.closeRefusal,
    dirty,
    undo,
  };
}
