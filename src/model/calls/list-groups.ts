import { getCall } from './call';
import type { DateBucket, GroupMeasure } from '../list-groups';

/**
 * A registry list grouped by one field, with counts and subtotals (issue 32; docs/architecture-registry.md
 * "Grouped lists"): `GET /{prefix}/{entity}/groups`, served by src/server/resources/list-groups.routes.ts,
 * called by src/client/api/list-groups.ts. The input is the list's own query (`f.<field>.<op>`, `q`,
 * `tab`; paging and sort do not apply) plus `group`, `bucket` for a date and `opt`, the page whose
 * columns name the measures.
 */
export type ListGroupsInput = { prefix: string; entity: string; group: string; bucket?: DateBucket; opt?: string } & Record<string, string | undefined>;

/** One group: its stored value (a date bucket's key; null for empty values), its name, its row count and measures. */
export type ListGroup = { key: string | null; label: string; count: number; values: Record<string, number | null> };

export type ListGroupsReply = {
  field: string;
  bucket: DateBucket | null;
  measures: GroupMeasure[];
  /** In reading order: dictionary order, references by name, dates in time order; empty values last. */
  groups: ListGroup[];
  /** Every row of the list: its count equals the list's total, its sums the groups' sums. */
  total: { count: number; values: Record<string, number | null> };
  /** More groups than the call answers (`MAX_LIST_GROUPS`): the first ones by value are given, the total is still every row's. */
  truncated: boolean;
};

/** At most this many groups come back in one answer. */
export const MAX_LIST_GROUPS = 1000;

export const listGroupCalls = {
  groups: getCall<ListGroupsInput, ListGroupsReply>('/:prefix/:entity/groups'),
};
