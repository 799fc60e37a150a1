import type { IChangeEvent } from '@rjsf/core';
import { type ErrorSchema, getDefaultFormState, type RJSFValidationError } from '@rjsf/utils';
import { createElement, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { checkPermission } from '../../../core/checkPermission.ts';
import { flattenCustomValues, foldCustomValues } from '../../../core/customFields.ts';
import { isRecordLocked } from '../../../core/documents/isRecordLocked.ts';
import { PermissionLevel } from '../../../core/types.ts';
import { useRuntime, useSession, useTenant } from '../../app/RuntimeContext.tsx';
import { ApiError } from '../../app/SessionProvider.tsx';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import { buildUiSchema } from './buildUiSchema.ts';
import { defaultFormStateBehavior } from './defaultFormStateBehavior.ts';
import { formTitle } from './formTitle.ts';
import { createFormValues, type FormContext, type FormLayout } from './formTypes.ts';
import { formValidator } from './formValidator.ts';
import { recordsRequest } from './recordsRequest.ts';
import { resolveFormSchemas } from './resolveFormSchemas.ts';
import { ShownOnceValues } from './ShownOnceValues.tsx';
import { sameFormValues } from './sameFormValues.ts';
import { serverFieldErrors } from './serverFieldErrors.ts';
import { toRequestBody } from './toRequestBody.ts';
import { useDocumentActions } from './useDocumentActions.ts';
import { type FormMode, useFormRecord } from './useFormRecord.ts';

type Data = Record<string, unknown>;

const BAD_REQUEST = 400;

/** Toast after a successful save (the spec is silent on the wording). */
export const SAVED_MESSAGE = 'Registro salvo com sucesso.';

/** A configuration record (entity `singleton`): there is no list, so saving and cancelling stay on the form. */
export interface SingletonFormHooks {
  /** After a successful save (and its toast), with the stored record. */
  onSaved(record: Data): void;
  /** Instead of returning to the list: discard the changes. */
  onDiscard(): void;
}

/** The tab holding a field, if the layout has tabs. */
const tabOf = (layout: FormLayout, field: string) =>
  layout.tabs.find((tab) => tab.sections.some((section) => section.fields.some(({ name }) => name === field)))
    ?.id;

/**
 * Headless controller of the generic form (react-admin style): resolves the tenant's entity and form,
 * loads the record (edit/copy), builds schema + uiSchema, saves with POST (create, copy) or PUT with
 * `versao` (edit), puts server field errors on their fields and others in the action error dialog, toasts
 * and returns to the list, and tells the unsaved-changes guard whether the form is dirty.
 */
export function useFormController({
  entityName,
  mode,
  id,
  singleton,
  afterSave,
}: {
  entityName: string;
  mode: FormMode;
  id?: number;
  singleton?: SingletonFormHooks;
  /** Instead of the list (or the new document's form): where a registered screen leads after a save. */
  afterSave?: (record: Data) => void;
}) {
  const { api } = useRuntime();
  const { schemas } = useTenant();
  const { user } = useSession();
  const notify = useNotify();
  const showActionError = useActionError();
  const navigate = useNavigate();
  const resolved = useMemo(() => resolveFormSchemas(schemas, entityName), [schemas, entityName]);
  const { entity, form } = resolved;
  const built = useMemo(
    () =>
      buildUiSchema({
        entity,
        form,
        schema: resolved.schema,
        readOnlySchema: resolved.readOnlySchema,
        relationTarget: resolved.relationTarget,
        childInfo: resolved.childInfo,
      }),
    [entity, form, resolved],
  );
  const layout = built.uiSchema['ui:layout'] as FormLayout;
  // Stable by content: new schemas (a studio publication) with the same child collections must not read the
  // record again, which would drop what the person is typing.
  const includeKey = Object.keys(entity.children)
    .filter((name) => name in (built.schema.properties ?? {}))
    .join(',');
  const include = useMemo(() => (includeKey ? includeKey.split(',') : []), [includeKey]);
  const [reload, setReload] = useState(0);
  const record = useFormRecord(entity.resource, mode, id, include, reload);
  const documentActions = useDocumentActions(
    entity,
    mode === 'edit' ? id : undefined,
    record.status === 'ready' ? record.data : undefined,
    useCallback(() => setReload((value) => value + 1), []),
  );
  // A document in a state that is not editable (posted) is read-only until a transition changes it.
  const locked =
    (documentActions.view !== null && !documentActions.view.editable) ||
    (record.status === 'ready' && mode === 'edit' && isRecordLocked(entity.lock, record.data));
  const [formData, setFormData] = useState<Data>({});
  const [baseline, setBaseline] = useState<Data | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>(undefined);
  const [activeTab, setActiveTab] = useState<string | undefined>(undefined);
  const leaving = useRef(false);
  const dirtyRef = useRef(false);

  const shownRecord = useRef<unknown>(null);
  useEffect(() => {
    if (record.status !== 'ready') return;
    const withDefaults = (data: Data) =>
      (getDefaultFormState(
        formValidator,
        built.schema,
        data,
        built.schema,
        false,
        defaultFormStateBehavior,
      ) ?? {}) as Data;
    const start = withDefaults(flattenCustomValues(record.data));
    // The same record under new schemas (a studio publication arrived while the form is open): keep what
    // the person typed, only filling the defaults of fields that are new to the form.
    if (shownRecord.current === record) setFormData((current) => withDefaults(current));
    else setFormData(start);
    shownRecord.current = record;
    setBaseline(start);
  }, [record, built.schema]);

  const dirty = baseline !== null && !sameFormValues(formData, baseline);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  const shouldBlock = useCallback(() => dirtyRef.current && !leaving.current, []);

  const backToList = useCallback(() => {
    if (entity.route) navigate(`/${entity.route}`);
    else navigate(-1);
  }, [entity.route, navigate]);

  const revealField = useCallback(
    (field: string) => {
      const tab = tabOf(layout, field);
      if (tab) setActiveTab(tab);
      requestAnimationFrame(() => document.getElementById(`root_${field}`)?.focus());
    },
    [layout],
  );

  const save = async (data: Data) => {
    setSaving(true);
    setExtraErrors(undefined);
    try {
      const body = foldCustomValues(toRequestBody(data, resolved.schema, mode));
      const saved =
        mode === 'edit'
          ? await recordsRequest<Data>(api, 'PUT', `/api/${entity.resource}/${id}`, { body })
          : await recordsRequest<Data>(api, 'POST', `/api/${entity.resource}`, { body });
      leaving.current = true;
      notify.toast(SAVED_MESSAGE, { severity: 'success' });
      // Values the server returns only now (a new API key): shown once, before leaving the form.
      const once = Object.entries(entity.fields)
        .filter(([name, field]) => field.shownOnce && typeof saved[name] === 'string' && saved[name])
        .map(([name, field]) => ({ label: field.label, value: String(saved[name]) }));
      if (once.length > 0)
        await notify.alert({
          title: `${entity.label} ${entity.gender === 'f' ? 'criada' : 'criado'}`,
          message: createElement(ShownOnceValues, { values: once }),
          severity: 'warning',
        });
      if (singleton) singleton.onSaved(saved);
      else if (afterSave) afterSave(saved);
      // A new document stays open (now editable by id) so its transitions (Efetivar…) are at hand.
      else if (entity.document && mode !== 'edit' && entity.route && saved.id !== undefined)
        navigate(`/${entity.route}/editar/${String(saved.id)}`, { replace: true });
      else backToList();
    } catch (error) {
      const visible = new Map(
        Object.keys(built.schema.properties ?? {}).map((name) => [name, entity.fields[name]?.label ?? name]),
      );
      const mapped = serverFieldErrors(error, visible);
      if (mapped.fields[0]) {
        setExtraErrors(mapped.errorSchema);
        revealField(mapped.fields[0]);
      }
      // A conflict (duplicate, stale version) also gets spec 000 §8's dialog; field validation stays on the fields.
      const conflict = error instanceof ApiError && error.status !== BAD_REQUEST;
      if (mapped.unplaced || conflict) void showActionError(error);
    } finally {
      setSaving(false);
    }
  };

  const onChange = (event: IChangeEvent<Data>) => {
    const next = event.formData ?? {};
    setFormData(next);
    // A server message leaves its field as soon as the person changes that field.
    if (extraErrors) {
      const left = Object.fromEntries(
        Object.entries(extraErrors).filter(([name]) =>
          sameFormValues({ v: next[name] }, { v: formData[name] }),
        ),
      );
      setExtraErrors(Object.keys(left).length ? (left as ErrorSchema) : undefined);
    }
  };

  // The values go to the widgets through a store, not as a formContext prop (see FormValues).
  const values = useMemo(createFormValues, []);
  useLayoutEffect(() => values.set(formData), [values, formData]);
  const formContext = useMemo<FormContext>(
    () => ({ values, recordId: mode === 'edit' ? id : undefined, activeTab, setActiveTab }),
    [values, mode, id, activeTab],
  );
  const permissionLevel = mode === 'edit' ? PermissionLevel.ALTERAR : PermissionLevel.CRIAR;

  return {
    status: record.status,
    loadError: record.status === 'failed' ? record.message : undefined,
    title: singleton
      ? (form.title ?? entity.label)
      : formTitle(form.title ?? entity.label, mode, entity.gender),
    schema: built.schema,
    uiSchema: built.uiSchema,
    validator: formValidator,
    formData,
    formContext,
    extraErrors,
    liveValidate: submitted ? ('onChange' as const) : undefined,
    saving,
    canSave: checkPermission(user, entity.permission, permissionLevel) && !locked,
    document: documentActions,
    entity,
    /** Increases after a transition: the record and the document tabs are read again. */
    reload,
    dirty,
    shouldBlock,
    onChange,
    onSubmit: (event: IChangeEvent<Data>) => {
      setSubmitted(true);
      if (!saving) void save(event.formData ?? {});
    },
    onError: () => setSubmitted(true),
    focusOnFirstError: (error: RJSFValidationError) => revealField((error.property ?? '').replace(/^\./, '')),
    cancel: singleton ? singleton.onDiscard : backToList,
  };
}
