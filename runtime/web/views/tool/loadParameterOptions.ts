import { readPath } from '../../../core/readPath.ts';
import { fillTemplate } from '../../../core/screens/fillTemplate.ts';
import { callOperation } from '../../api/callOperation.ts';
import type { ApiClient } from '../../api/createApiClient.ts';
import type { EnumOption } from '../../auth/enumOptions.ts';
import type { OptionSource } from './toolTypes.ts';
import { treeOptions } from './treeOptions.ts';

const read = (data: unknown, path: string) => (path ? readPath(data, path.split('.')) : data);

/**
 * Loads the options of one parameter from its read operation: value and label of each item (the first
 * filled label field, then " — detail"; or the declared `template`) and the value the answer selects at first.
 */
export async function loadParameterOptions(
  api: ApiClient,
  source: OptionSource,
): Promise<{ options: EnumOption[]; selected?: unknown; error?: unknown }> {
  const { data, error } = await callOperation(api, source.operationId, source.params ?? {});
  if (error) return { options: [], error };
  const items = read(data, source.items);
  const list = Array.isArray(items) ? items : [];
  const options = list.map((item) => {
    const code = read(item, source.value) as string | number;
    if (source.template) return { code, label: fillTemplate(source.template, item) };
    const label = source.label.map((field) => read(item, field)).find((value) => value || value === 0);
    const detail = source.detail ? read(item, source.detail) : undefined;
    return { code, label: `${String(label ?? '')}${detail ? ` — ${String(detail)}` : ''}` };
  });
  const ordered = source.parent
    ? treeOptions(
        options.map((option, index) => ({ ...option, parent: read(list[index], source.parent as string) })),
      )
    : options;
  const selected = source.selected ? read(data, source.selected) : undefined;
  return { options: ordered, selected: selected ?? undefined };
}
