import { FIELD_TYPE_TABLE, type EntityDef, type FieldDef, type Language } from '../../../model';
import type { KeyScope } from './api-key-scopes';
import { labelIn } from '../../../model/label-text';

/**
 * The OpenAPI 3.1 document of the gateway, generated from the registry for the entities a key may
 * use (issue 35): one schema per entity from its declared fields (type, label, required, dictionary
 * values, read-only), the list, count and view paths for every scope, and save, remove and each
 * declared transition for the write scopes. Pure: the registry and the scopes in, a plain object out.
 */
type Json = Record<string, unknown>;

const NATURE_SCHEMA: Record<string, Json> = {
  text: { type: 'string' },
  number: { type: 'number' },
  temporal: { type: 'string' },
  boolean: { type: 'boolean' },
  reference: { type: 'integer', description: 'id' },
  structure: {},
};


function fieldSchema(field: FieldDef, language: Language): Json {
  const spec = FIELD_TYPE_TABLE[field.type];
  const base: Json = { ...(NATURE_SCHEMA[spec.nature] ?? {}), title: labelIn(field.label, language), 'x-field-type': field.type };
  if (field.type === 'date') base.format = 'date';
  if (field.type === 'datetime') base.format = 'date-time';
  if (field.dict) base['x-dictionary'] = field.dict;
  if (field.readonly) base.readOnly = true;
  if (spec.multi) return { type: 'array', items: { type: 'string' }, title: base.title, 'x-field-type': field.type };
  return base;
}

function entitySchema(entity: EntityDef, language: Language): Json {
  const properties: Json = {
    id: { type: 'integer', readOnly: true },
    version: { type: 'integer', description: language === 'en' ? 'Read version; a save or remove must send it back' : '读取时的版本号，保存和删除时原样带回' },
  };
  for (const f of entity.fields) properties[f.key] = fieldSchema(f, language);
  for (const c of entity.children ?? []) properties[c.key] = { type: 'array', items: { type: 'object' }, title: labelIn(c.label, language) };
  const required = entity.fields.filter((f) => f.required && !f.readonly).map((f) => f.key);
  return { type: 'object', title: labelIn(entity.label, language), properties, ...(required.length ? { required } : {}) };
}

const envelope = (data: Json): Json => ({
  type: 'object',
  properties: { code: { type: 'integer', example: 200 }, message: { type: 'string', example: 'OK' }, data },
});

const reply = (description: string, data: Json): Json => ({ description, content: { 'application/json': { schema: envelope(data) } } });

const ERROR_REPLIES: Json = {
  '400': { description: 'Validation (code 11000, data.errors by field)' },
  '401': { description: 'Missing, invalid, revoked or expired key' },
  '403': { description: 'Outside the key\'s scopes or its creator\'s rights' },
  '404': { description: 'No such record in the key\'s company' },
  '409': { description: 'Stale version (code 11409)' },
  '429': { description: 'Rate limit of the key (Retry-After header)' },
};

function pathsOf(entity: EntityDef, access: KeyScope['access'], language: Language): Json {
  const ref = { $ref: `#/components/schemas/${entity.name}` };
  const tag = [entity.name];
  const name = labelIn(entity.label, language);
  const paths: Json = {
    [`/${entity.name}/page`]: {
      get: {
        tags: tag, summary: `${name}: page`, operationId: `${entity.name}_page`,
        parameters: [
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
          { name: 'size', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 500 } },
          { name: 'sort', in: 'query', schema: { type: 'string' }, description: 'field or -field' },
          { name: 'filters', in: 'query', style: 'form', explode: true, schema: { type: 'object', additionalProperties: { type: 'string' } }, description: 'f.<field>.<op>=value (eq, ne, like, in, lt, lte, gt, gte, null, notnull)' },
        ],
        responses: { '200': reply('rows', { type: 'object', properties: { rows: { type: 'array', items: ref }, total: { type: 'integer' } } }), ...ERROR_REPLIES },
      },
    },
    [`/${entity.name}/count`]: { get: { tags: tag, summary: `${name}: count`, operationId: `${entity.name}_count`, responses: { '200': reply('count', { type: 'object', properties: { total: { type: 'integer' } } }), ...ERROR_REPLIES } } },
    [`/${entity.name}/view`]: {
      get: { tags: tag, summary: `${name}: one record`, operationId: `${entity.name}_view`, parameters: [{ name: 'id', in: 'query', required: true, schema: { type: 'integer' } }], responses: { '200': reply('record', ref), ...ERROR_REPLIES } },
    },
  };
  if (access !== 'write') return paths;
  paths[`/${entity.name}/save`] = {
    post: { tags: tag, summary: `${name}: create or update (id and version to update)`, operationId: `${entity.name}_save`, requestBody: { required: true, content: { 'application/json': { schema: ref } } }, responses: { '200': reply('saved record', ref), ...ERROR_REPLIES } },
  };
  paths[`/${entity.name}/remove`] = {
    post: {
      tags: tag, summary: `${name}: remove`, operationId: `${entity.name}_remove`,
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['ids', 'versions'], properties: { ids: { type: 'array', items: { type: 'integer' } }, versions: { type: 'array', items: { type: 'integer' } } } } } } },
      responses: { '200': reply('removed', { type: 'object', properties: { removed: { type: 'integer' } } }), ...ERROR_REPLIES },
    },
  };
  for (const t of entity.states?.transitions ?? []) {
    const params: Json = {};
    for (const p of t.params ?? []) params[p.key] = fieldSchema(p, language);
    paths[`/${entity.name}/action/${t.action}`] = {
      post: {
        tags: tag, summary: `${name}: ${labelIn(t.label, language)} (${t.from.join(', ')} → ${t.to ?? t.from.join(', ')})`, operationId: `${entity.name}_${t.action.replace(/\W/g, '_')}`,
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['ids'], properties: { ids: { type: 'array', items: { type: 'integer' } }, version: { type: 'integer' }, ...params } } } } },
        responses: { '200': reply('changed records', { type: 'object', properties: { rows: { type: 'array', items: ref } } }), ...ERROR_REPLIES },
      },
    };
  }
  return paths;
}

export type OpenApiInput = {
  prefix: string;
  serverUrl: string;
  build: string;
  company: string;
  language: Language;
  scopes: Array<{ entity: EntityDef; access: KeyScope['access'] }>;
};

/** The document for one key's scopes (or a session's readable entities), under one gateway prefix. */
export function openApiDocument(input: OpenApiInput): Json {
  const { language } = input;
  const schemas: Json = {};
  let paths: Json = {};
  const sorted = [...input.scopes].sort((a, b) => a.entity.name.localeCompare(b.entity.name));
  for (const s of sorted) {
    schemas[s.entity.name] = entitySchema(s.entity, language);
    paths = { ...paths, ...pathsOf(s.entity, s.access, language) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: language === 'en' ? `Supply-chain platform API (${input.company})` : `供应链协同平台接口（${input.company}）`,
      version: input.build,
      description: language === 'en'
        ? 'Every reply is the envelope { code, message, data }. Send the key as the X-Api-Key header. The key acts for its company within its scopes and never beyond the rights of the administrator who created it.'
        : '所有应答均为 { code, message, data } 信封。API 密钥放在 X-Api-Key 请求头中；密钥代表其企业，只能在其授权范围内、且不超过创建人权限的范围内调用。',
    },
    servers: [{ url: `${input.serverUrl.replace(/\/$/, '')}/api/${input.prefix}` }],
    security: [{ apiKey: [] }],
    tags: sorted.map((s) => ({ name: s.entity.name, description: `${labelIn(s.entity.label, language)} (${s.access})` })),
    paths,
    components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } }, schemas },
  };
}
