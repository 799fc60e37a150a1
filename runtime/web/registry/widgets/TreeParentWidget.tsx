import type { WidgetProps } from '@rjsf/utils';
import type { FormContext } from '../../views/form/formTypes.ts';
import { RelationWidget } from './RelationWidget.tsx';

/** Parent of a tree record: a relation picker over the same entity that leaves the record itself out. */
export function TreeParentWidget(props: WidgetProps) {
  const context = props.registry.formContext as Partial<FormContext> | undefined;
  return <RelationWidget {...props} options={{ ...props.options, excludeId: context?.recordId }} />;
}
