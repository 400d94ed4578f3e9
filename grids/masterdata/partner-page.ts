import { stateTabs, type ToolbarAction } from '../../src/model';
import { partnerStates } from '../../src/model/entities/vendor.entity';

/**
 * What the two business-partner lists (vendors and customers) share: the active / frozen tabs and
 * the toolbar (freeze, activate, link to the partner's platform company).
 */
export const partnerStatusTabs = stateTabs(partnerStates);

export const partnerActions: ToolbarAction[] = [
  { kind: 'create' },
  { kind: 'edit' },
  { kind: 'remove' },
  { kind: 'import' },
  { kind: 'export' },
  { kind: 'transition', action: 'freeze' },
  { kind: 'transition', action: 'activate' },
  { kind: 'transition', action: 'link' },
  { kind: 'history' },
  { kind: 'view' },
];
