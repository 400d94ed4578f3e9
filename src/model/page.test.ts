import { describe, expect, it } from 'vitest';
import { partnerStates } from './entities/vendor.entity';
import { openedAddress, stateTabs } from './page';

describe('stateTabs', () => {
  it('derives the all tab and one tab per state, labels from the state machine', () => {
    expect(stateTabs(partnerStates)).toEqual([
      { key: 'all', label: { zh: '全部', en: 'All' }, filter: {} },
      { key: 'active', label: { zh: '启用', en: 'Active' }, filter: { status: 'active' } },
      { key: 'frozen', label: { zh: '冻结', en: 'Frozen' }, filter: { status: 'frozen' } },
    ]);
  });

  it('leaves the all tab out on request', () => {
    expect(stateTabs(partnerStates, { all: false }).map((t) => t.key)).toEqual(['active', 'frozen']);
  });
});

describe('openedAddress', () => {
  it('fills each {field} from the row, URI-encoded, and an absent value as empty', () => {
    expect(openedAddress('/approvals/forms/{code}', { code: 'QC_INSPECT' })).toBe('/approvals/forms/QC_INSPECT');
    expect(openedAddress('/x/{code}?n={name}', { code: 'A/B', name: '来料 检验' })).toBe('/x/A%2FB?n=%E6%9D%A5%E6%96%99%20%E6%A3%80%E9%AA%8C');
    expect(openedAddress('/x/{missing}', {})).toBe('/x/');
  });
});
