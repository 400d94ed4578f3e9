import type { ComponentType } from 'react';
import type { ResolvedPage } from '../../model/page-resolve';
import type { RecordForm } from './use-record-form';

/**
 * What a module adds to every form drawer of the entities it serves, without the generic drawer
 * knowing the module (the approval buttons of a document approved through a flow, the diagram of a
 * process definition). `footer` renders after the record's own actions, `body` under the form; both
 * only for a stored record. A module registers when its routes load.
 *
 * Example: `registerDrawerExtension({ applies: (r) => Boolean(r.entity.approval), footer: ApprovalButtons })`.
 */
export type DrawerExtensionProps = {
  rf: RecordForm;
  resolved: ResolvedPage;
  /** The part's change took the record out of the list behind (a task decided): the drawer closes and the list reads its rows again. */
  done?: () => void;
};
export type DrawerExtension = {
  applies: (resolved: ResolvedPage) => boolean;
  footer?: ComponentType<DrawerExtensionProps>;
  body?: ComponentType<DrawerExtensionProps>;
  /** A stored record the module keeps from editing (a document in an approval flow): the drawer opens it read-only. */
  readOnly?: (record: Record<string, unknown>) => boolean;
  /** The body needs a document's room (an order's node timeline): the drawer opens full width, as a master-detail's. */
  wide?: boolean;
};

const EXTENSIONS: DrawerExtension[] = [];

export function registerDrawerExtension(extension: DrawerExtension): void {
  if (!EXTENSIONS.includes(extension)) EXTENSIONS.push(extension);
}

export function drawerExtensionsFor(resolved: ResolvedPage): DrawerExtension[] {
  return EXTENSIONS.filter((e) => e.applies(resolved));
}
