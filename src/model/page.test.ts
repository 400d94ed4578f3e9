import { describe, expect, it } from 'vitest';
import { partnerStates } from './entities/vendor.entity';
import { stateTabs } from './page';

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
