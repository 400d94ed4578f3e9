import { listGroupCalls, type ListGroupsReply } from '../../model/calls/list-groups';
import { groupingParams, type ListGrouping } from '../../model/list-groups';
import type { ResolvedPage } from '../../model/page-resolve';
import { callApi, type CallBehaviour } from './calls';

/**
 * A list's groups with their counts and subtotals (issue 32): the list's own query (filters, quick
 * search, state tab; paging left out by the server) grouped as `grouping` says, the measures those
 * of the page's columns.
 *
 * Example: `const reply = await listGroups(resolved, { field: 'delivery_date', bucket: 'week' }, { tab: 'pending' })`.
 */
export function listGroups(resolved: Pick<ResolvedPage, 'entity' | 'page'>, grouping: ListGrouping, query: Readonly<Record<string, string>>, behaviour?: CallBehaviour): Promise<ListGroupsReply> {
  const input = { ...query, ...groupingParams(grouping), group: grouping.field, prefix: resolved.entity.prefix, entity: resolved.entity.name, opt: resolved.page.opt };
  return callApi(listGroupCalls.groups, input, behaviour);
}
