import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { defineEntity } from '../../model/entity';
import { personalSql } from './permission.service';

/** A database that only compiles: what SQL a rule becomes, with its parameters. */
const compiler = new Kysely<Record<string, never>>({
  dialect: { createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (db) => new PostgresIntrospector(db), createQueryCompiler: () => new PostgresQueryCompiler() },
});
const compiled = (personal: Parameters<typeof personalSql>[0], userId: number) => {
  const q = personalSql(personal, userId).compile(compiler);
  return { sql: q.sql, parameters: q.parameters };
};

describe('personal rows (EntityDef.personal)', () => {
  it('keeps every row to its creator', () => {
    expect(compiled(true, 7)).toEqual({ sql: 't.created_by = $1', parameters: [7] });
  });

  it('shares the rows whose declared field holds one of the values, and keeps the others to their creator', () => {
    expect(compiled({ sharedWhen: { field: 'scope', values: ['company'] } }, 7)).toEqual({ sql: '("t"."scope" in ($1) or t.created_by = $2)', parameters: ['company', 7] });
    expect(compiled({ sharedWhen: { field: 'scope', values: ['company', 'team'] } }, 9).parameters).toEqual(['company', 'team', 9]);
    // No value shares nothing: the creator's rows alone.
    expect(compiled({ sharedWhen: { field: 'scope', values: [] } }, 7)).toEqual({ sql: 't.created_by = $1', parameters: [7] });
  });

  it('refuses a declaration whose shared field is not one of the entity\'s', () => {
    const decl = { name: 'personal_probe', table: 'personal_probe', prefix: 'mdapi', menuCode: 'probe', label: { zh: '探针', en: 'Probe' }, titleField: 'name', fields: [{ key: 'name', label: { zh: '名', en: 'Name' }, type: 'text' as const }] };
    expect(() => defineEntity({ ...decl, personal: { sharedWhen: { field: 'kind', values: ['company'] } } })).toThrow(/personal.sharedWhen field "kind" is not a field/);
  });
});
