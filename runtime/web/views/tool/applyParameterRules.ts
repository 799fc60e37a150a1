import { applyRule } from '../../../core/screens/evaluateRule.ts';
import type { ToolScreen } from './toolTypes.ts';

type UiSchema = Record<string, unknown>;

/**
 * The uiSchema of a tool's parameters with their declared rules applied to the current values: a
 * hidden parameter becomes a hidden widget (the grid template skips it), a disabled one read-only.
 */
export function applyParameterRules(
  parameters: Pick<ToolScreen['parameters'], 'uiSchema' | 'rules'>,
  values: Record<string, unknown>,
): UiSchema {
  const uiSchema: UiSchema = { ...(parameters.uiSchema ?? {}) };
  for (const [field, rule] of Object.entries(parameters.rules ?? {})) {
    const { visible, enabled } = applyRule(rule, values);
    const own = { ...((uiSchema[field] as UiSchema | undefined) ?? {}) };
    if (!visible) own['ui:widget'] = 'hidden';
    if (!enabled) own['ui:disabled'] = true;
    uiSchema[field] = own;
  }
  return uiSchema;
}

/** The help texts of a tool (with their severity) whose rules allow them for the current values. */
export function visibleHelp(
  parameters: Pick<ToolScreen['parameters'], 'help'>,
  values: Record<string, unknown>,
) {
  return (parameters.help ?? []).filter((help) => applyRule(help.rule, values).visible);
}
