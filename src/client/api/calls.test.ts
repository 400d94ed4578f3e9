import { describe, expect, it } from 'vitest';
import { getCall, postCall, uploadCall, deleteCall } from '../../model/calls/call';
import { callKey, requestOf } from './calls';

describe('requests of declared calls', () => {
  it('sends a read as the query, a write as the body, path segments taken out', () => {
    const view = getCall<{ id: number; tab?: string }, unknown>('/t/view');
    expect(requestOf(view, { id: 4, tab: 'a' })).toEqual({ path: '/t/view', options: { method: 'GET', query: { id: 4, tab: 'a' } } });
    const move = postCall<{ action: string; id: number }, unknown>('/t/:action');
    expect(requestOf(move, { action: 'close', id: 4 })).toEqual({ path: '/t/close', options: { method: 'POST', body: { id: 4 } } });
    const remove = deleteCall<{ id: number }, unknown>('/t/comment-remove');
    expect(requestOf(remove, { id: 9 }).options).toEqual({ method: 'DELETE', query: { id: 9 } });
  });

  it('sends an upload as a multipart form with the file under its field name', () => {
    const up = uploadCall<{ file: Blob; kind: string }, unknown>('/t/upload');
    const { options } = requestOf(up, { file: new Blob(['x']), kind: 'img' });
    expect(options.body).toBeInstanceOf(FormData);
    const form = options.body as FormData;
    expect(form.get('kind')).toBe('img');
    expect(form.get('file')).toBeInstanceOf(Blob);
  });

  it('keys the cache by call and input', () => {
    const view = getCall<{ id: number }, unknown>('/t/view');
    expect(callKey(view, { id: 1 })).toEqual(['call', '/t/view', '{"id":1}']);
    expect(callKey(view, { id: 1 })).not.toEqual(callKey(view, { id: 2 }));
  });
});
