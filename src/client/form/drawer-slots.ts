import type { ReactNode } from 'react';
import type { Row } from '../api/entity-api';
import type { EntityFormProps } from './EntityForm';
import type { RouteAction } from './form-logic';
import type { NoticeView } from './state-notice';
import type { RecordForm } from './use-record-form';

/** The generic drawer's state and what a page adds to it (FormDrawer.tsx). */
export type DrawerState = { action: RouteAction; id: number | null; tab?: 'form' | 'history' } | null;

/**
 * What a page adds to the generic drawer instead of writing its own (the orders' matrix entries,
 * state actions and "not sent" notice). Every slot is optional; without any the drawer is the
 * plain form of the page.
 *
 * Example: `{ testIdPrefix: 'order', keepOpenAfterSave: true, readOnly: (r) => r.status !== 'draft' }`.
 */
export type DrawerSlots = {
  /** Prefix of the drawer's test ids (`<prefix>-drawer`, `-save`, `-status`, `-notice`); default `form`. */
  testIdPrefix?: string;
  /** A stored record opened for edit shows read-only when this holds (a locked state, another company's copy). */
  readOnly?: (record: Row) => boolean;
  /** Child collections shown by a hand-made editor (see EntityForm), given the open record. */
  childRenderers?: (rf: RecordForm) => EntityFormProps['childRenderers'];
  /** Fields drawn by the page's own widget (see FormSections), by field key. */
  widgets?: EntityFormProps['widgets'];
  /** Notices shown before the state's own (a reply the user has to see). */
  notices?: (rf: RecordForm) => NoticeView[];
  /** Buttons after save and reset: the record's own actions. Rendered with their dialogs. */
  extraActions?: (rf: RecordForm) => ReactNode;
  /** The entity's transitions the stored record can take now, as buttons after save and reset (`DrawerTransitions`). */
  transitions?: boolean;
  /** After a save the drawer stays open on the saved record (to run its actions next). */
  keepOpenAfterSave?: boolean;
  /** Runs after every save, with the saved row (a "save and send" continues here). */
  onSaved?: (row: Row, rf: RecordForm) => void;
  /** Changes when the record changed elsewhere (a socket message): the drawer reads it again. */
  reloadKey?: number;
};
