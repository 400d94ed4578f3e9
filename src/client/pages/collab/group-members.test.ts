import { describe, expect, it } from 'vitest';
import { canRemoveMember, orderMembers } from './group-members';

describe('removing a member of a group chat', () => {
  const group = { kind: 'group' as const, owner_id: 3 };

  it('is the owner\'s, for anyone but the owner', () => {
    expect(canRemoveMember(group, 3, 8)).toBe(true);
    expect(canRemoveMember(group, 3, 3)).toBe(false);
    expect(canRemoveMember(group, 8, 9)).toBe(false);
    expect(canRemoveMember(group, null, 8)).toBe(false);
  });

  it('is nobody\'s in a one to one chat', () => {
    expect(canRemoveMember({ kind: 'direct', owner_id: null }, 3, 8)).toBe(false);
    expect(canRemoveMember({ kind: 'direct', owner_id: 3 }, 3, 8)).toBe(false);
  });

  it('lists the owner first, then the caller, then the others by name', () => {
    const m = (id: number, fullname: string) => ({ id, fullname, company: 'C' });
    expect(orderMembers([m(9, '赵六'), m(8, '李四'), m(3, '王五'), m(5, '张三')], 3, 5).map((x) => x.id)).toEqual([3, 5, 8, 9]);
    expect(orderMembers([m(9, 'b'), m(8, 'a')], null, null).map((x) => x.id)).toEqual([8, 9]);
  });
});
