import { describe, expect, it } from 'vitest';
import { fieldLinkOf } from './field-link';

describe('a form field drawn as a link (linkField)', () => {
  const field = { linkField: 'link' };
  it('links a viewed record to the address its linked field holds', () => {
    expect(fieldLinkOf(field, { doc_no: 'CO1', link: '/scm/index/customerorder?open=3' }, 'view')).toBe('/scm/index/customerorder?open=3');
  });
  it('is the widget while the form edits, adds or copies', () => {
    for (const action of ['edit', 'add', 'copy'] as const) expect(fieldLinkOf(field, { link: '/x' }, action)).toBeNull();
  });
  it('is the widget when the linked field holds no address of the application', () => {
    for (const link of [null, undefined, '', 3, 'https://elsewhere.example', '//elsewhere.example/x', 'javascript:alert(1)']) expect(fieldLinkOf(field, { link }, 'view')).toBeNull();
    expect(fieldLinkOf({}, { link: '/x' }, 'view')).toBeNull();
  });
});
