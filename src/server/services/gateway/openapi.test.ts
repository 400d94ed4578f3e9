import { describe, expect, it } from 'vitest';
import '../../../model/entities';
import { requireEntity } from '../../../model';
import { gatewayEntities, parseScopes, scopeAllows } from './api-key-scopes';
import { openApiDocument } from './openapi';

describe('key scopes', () => {
  it('reads entities with read or write, the wider winning, and refuses the rest', () => {
    expect(parseScopes([{ entity: 'vendor', access: 'read' }, { entity: 'vendor', access: 'write' }, { entity: 'material', access: 'read' }])).toEqual({
      scopes: [{ entity: 'material', access: 'read' }, { entity: 'vendor', access: 'write' }],
    });
    expect(parseScopes(JSON.stringify([{ entity: 'vendor', access: 'read' }]))).toEqual({ scopes: [{ entity: 'vendor', access: 'read' }] });
    expect(parseScopes([])).toEqual({ problem: 'empty' });
    expect(parseScopes([{ entity: 'vendor', access: 'admin' }])).toEqual({ problem: 'shape' });
    expect(parseScopes([{ entity: 'outbox', access: 'read' }])).toEqual({ problem: 'unknown', entity: 'outbox' });
    expect(parseScopes('{')).toEqual({ problem: 'shape' });
  });

  it('allows reads on a read scope and writes on a write scope only', () => {
    const scopes = [{ entity: 'vendor', access: 'read' as const }, { entity: 'material', access: 'write' as const }];
    expect(scopeAllows(scopes, 'vendor', 'page')).toBe(true);
    expect(scopeAllows(scopes, 'vendor', 'save')).toBe(false);
    expect(scopeAllows(scopes, 'material', 'action')).toBe(true);
    expect(scopeAllows(scopes, 'purorder', 'page')).toBe(false);
  });

  it('offers no administration entity and no document line', () => {
    const names = gatewayEntities().map((e) => e.name);
    expect(names).toContain('vendor');
    for (const e of gatewayEntities()) {
      expect(e.childOnly).toBeFalsy();
      expect(e.menuCode.startsWith('admin.')).toBe(false);
    }
  });
});

describe('OpenAPI document of a key', () => {
  it('has the schemas and paths of its scopes and nothing else', () => {
    const vendor = requireEntity('vendor');
    const doc = openApiDocument({ prefix: 'thirdapi', serverUrl: 'https://scm.example.com/', build: 'b1', company: '悦衣品牌', language: 'en', scopes: [{ entity: vendor, access: 'read' }, { entity: requireEntity('purorder'), access: 'write' }] }) as {
      servers: Array<{ url: string }>; paths: Record<string, Record<string, { summary: string }>>; components: { schemas: Record<string, { properties: Record<string, { title?: string }>; required?: string[] }> };
    };
    expect(doc.servers[0].url).toBe('https://scm.example.com/api/thirdapi');
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(expect.arrayContaining(['/vendor/page', '/vendor/view', '/vendor/count', '/purorder/save', '/purorder/remove']));
    expect(paths).not.toContain('/vendor/save');
    for (const t of requireEntity('purorder').states?.transitions ?? []) expect(paths).toContain(`/purorder/action/${t.action}`);
    expect(Object.keys(doc.components.schemas).sort()).toEqual(['purorder', 'vendor']);
    const props = doc.components.schemas.vendor.properties;
    for (const f of vendor.fields) expect(props[f.key]?.title).toBe(f.label.en);
    expect(doc.components.schemas.vendor.required).toEqual(vendor.fields.filter((f) => f.required && !f.readonly).map((f) => f.key));
  });
});
