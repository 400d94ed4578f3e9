import { describe, expect, it } from 'vitest';
import { getCall, pathParams, postCall, resolveCallPath, type CallIn, type CallOut } from './call';

describe('declared calls', () => {
  it('fills :name segments from the input and leaves the rest for the query or body', () => {
    expect(pathParams('/crossapi/ticketapi/ticket/:action/:id')).toEqual(['action', 'id']);
    expect(resolveCallPath('/x/:action', { action: 'close', id: 3, version: 2 })).toEqual({ path: '/x/close', rest: { id: 3, version: 2 } });
    expect(resolveCallPath('/x/:name', { name: 'a/b c' }).path).toBe('/x/a%2Fb%20c');
    expect(resolveCallPath('/plain', undefined)).toEqual({ path: '/plain', rest: {} });
  });

  it('refuses to call an address whose segment has no value', () => {
    expect(() => resolveCallPath('/x/:action', { id: 1 })).toThrow(/:action/);
    expect(() => resolveCallPath('/x/:action', { action: '' })).toThrow(/:action/);
  });

  it('carries method and transport, and the types only at compile time', () => {
    const view = getCall<{ id: number }, { name: string }>('/a/view');
    const save = postCall<{ name: string }, { id: number }>('/a/save');
    expect(view).toEqual({ method: 'GET', path: '/a/view', body: 'query' });
    expect(save).toEqual({ method: 'POST', path: '/a/save', body: 'json' });
    const input: CallIn<typeof view> = { id: 1 };
    const reply: CallOut<typeof save> = { id: 2 };
    expect([input.id, reply.id]).toEqual([1, 2]);
  });
});
