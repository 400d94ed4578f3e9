import { forwardRef, type ReactNode } from 'react';
import type { ResolvedPage } from '../../model/page-resolve';
import type { Row } from '../api/entity-api';
import { ChildGrid, type ChildGridProps } from '../grid/ChildGrid';
import { MatrixEntries } from '../grid/MatrixEntries';
import type { RouteAction } from './form-logic';
import { FormSections, type FieldWidgets } from './FormSections';
import { LineActions } from './LineActions';
import { matrixApplies, useEntityForm, type EntityFormHandle } from './use-entity-form';

export { fieldDomId, matrixApplies, type EntityFormHandle } from './use-entity-form';

/**
 * The config-driven form of a page (spec 3 "Form configuration"): its sections and fields, with
 * the entity's child grids for master-detail pages. react-hook-form holds the values and errors;
 * every rule of behaviour (conditions, calculation, clearing, validation, the submit body, reset)
 * comes from the pure functions of form-logic.ts, driven by the useEntityForm hook.
 */
export type EntityFormProps = {
  resolved: ResolvedPage;
  action: RouteAction;
  /** The stored document (edit, view, copy); null for a new one. */
  record: Row | null;
  onSaved: (row: Row) => void;
  onBusyChange?: (busy: boolean) => void;
  /**
   * A child collection shown by a hand-made editor instead of the child grid (the orders area's
   * colour-size matrix), by child key; the rows, errors and save stay the form's.
   */
  childRenderers?: Record<string, (props: ChildGridProps) => ReactNode>;
  /** A field drawn by the page's own widget instead of its type's, by field key (a role's grant matrix). */
  widgets?: FieldWidgets;
  /**
   * Where the unsaved-changes guard keeps this form's draft (page and document): given, leaving
   * with changes asks, a reload keeps them and reopening the document offers them back.
   */
  draftKey?: { page: string; doc: string } | null;
  /** Checks without saving: the body the save would send, once every rule passed (the component gallery). */
  check?: (body: Row) => void;
  /** Saves through a declared call instead of the generic save (see EntityFormInput.save). */
  save?: (body: Row) => Promise<Row>;
  /** Values a new record opens with over its defaults. */
  initial?: Row;
  /** A line's transition or save run from a child grid's row (ChildGridDecl.lineActions, lineCells): the drawer reads the record again. */
  onLinesChanged?: () => void;
};

/** A child grid's runs from its rows over a line entity, for a stored record: its transitions' buttons drawn by `LineActions`. */
function childLines(c: ResolvedPage['children'][number], record: Row | null, onDone: () => void): ChildGridProps['lines'] {
  if (!record || (!c.lineActions.length && !Object.keys(c.lineCells).length && !c.timeline?.dragTransition)) return undefined;
  return {
    master: record,
    onDone,
    actions: (line, transitions, testId) => <LineActions entity={c.entity} master={record} line={line} only={transitions.map((tr) => tr.action)} testId={testId} onDone={onDone} />,
  };
}
export const EntityForm = forwardRef<EntityFormHandle, EntityFormProps>(function EntityForm(props, ref) {
  const { resolved, action } = props;
  const f = useEntityForm(props, ref);
  return (
    <form
      data-testid="entity-form"
      onSubmit={(e) => {
        e.preventDefault();
        void f.submit();
      }}
    >
      <FormSections resolved={resolved} action={action} model={f} widgets={props.widgets} />
      {resolved.children.map((c) => {
        const childProps: ChildGridProps = {
          grid: c,
          ...f.childLines(c.child.key),
          disabled: action === 'view' || f.busy,
          newRow: () => f.childLines(c.child.key).newRow(c),
          lines: childLines(c, props.record, () => props.onLinesChanged?.()),
          linesBusy: f.busy,
          master: props.record,
        };
        const custom = props.childRenderers?.[c.child.key];
        if (custom) return <div key={`${c.child.key}-${f.restored}`}>{custom(childProps)}</div>;
        // A child that declares a matrix (ChildMatrix) is entered as colour x size blocks, where its `when` holds.
        if (c.matrix && matrixApplies(c.matrix, f.values)) return <MatrixEntries key={`${c.child.key}-matrix-${f.restored}`} {...childProps} currency={f.values.currency ? String(f.values.currency) : undefined} />;
        return <ChildGrid key={`${c.child.key}-${f.restored}`} {...childProps} />;
      })}
      {f.guardDialog}
    </form>
  );
});
