import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { getEntity, requireEntity, translate, type RuleType } from '../../src/model';
import type { Db } from '../../src/server/db/database';
import { referencedEntities, validDocument } from '../../fixtures/generators/valid-document';
import { resourceClient } from '../support/resource-client';

/** One input per rule of spec 5 that the rule must reject (the edge of each rule, not a random string). */
export const BAD_INPUT: Record<RuleType, string> = {
  required: '',
  email: 'buyer@localhost',
  chinese: 'abc中文',
  maxDecimals4: '1.23456',
  english: 'a b',
  capitalEnglish: 'abc',
  datetime: '2026-02-30 24:00:00',
  date: '2026-13-01',
  time: '24:00:00',
  interger: '012',
  naturalNumber: '-1',
  positiveNumber: '-0.5',
  gt0Number: '0',
  telephone: '12812345678',
  pwd: 'abcdefg',
  pwdstrong: 'abc12345',
};

/**
 * A tenant's caller for the generated suites: creates the documents an entity's references need
 * (once per tenant and entity) and valid documents of any entity.
 */
export class TenantActor {
  private readonly cache = new Map<string, number>();
  private seq: number;

  constructor(readonly app: FastifyInstance, readonly db: Db, readonly token: string, readonly userId: number, seqBase: number) {
    this.seq = seqBase;
  }

  client(entity: string, lang: 'zh-CN' | 'en' = 'zh-CN') {
    const e = requireEntity(entity);
    return resourceClient(this.app, this.token, e.prefix, e.name, lang);
  }

  nextSeq(): number {
    return ++this.seq;
  }

  /** The id of a row of `entity` in this tenant, created through the API the first time. */
  async refId(entity: string): Promise<number> {
    if (entity === 'user') return this.userId;
    const known = this.cache.get(entity);
    if (known) return known;
    const saved = await this.create(entity);
    this.cache.set(entity, Number(saved.id));
    return Number(saved.id);
  }

  /** A valid document of `entity` with its references resolved in this tenant (not saved). */
  async document(entity: string, options: { leaveNumberingEmpty?: boolean } = {}): Promise<Record<string, unknown>> {
    const e = requireEntity(entity);
    const ids = new Map<string, number>();
    for (const ref of referencedEntities(e)) ids.set(ref, await this.refId(ref));
    return validDocument(e, { seq: this.nextSeq(), refs: (name) => ids.get(name) ?? null, ...options });
  }

  /** Saves a new valid document; a generated value that an earlier document already took is generated again. */
  async create(entity: string): Promise<Record<string, unknown>> {
    let last: unknown = null;
    for (let attempt = 0; attempt < 20; attempt++) {
      const res = await this.client(entity).save(await this.document(entity));
      if (res.body.code === 200) return res.body.data;
      last = res.body;
      const errors = (res.body.data as { errors?: Record<string, string> } | null)?.errors ?? {};
      const taken = res.body.code === 11001 || Object.values(errors).some((m) => m === translate('zh-CN', 'rule.unique'));
      if (!taken) break;
    }
    throw new Error(`could not create ${entity}: ${JSON.stringify(last)}`);
  }
}

export async function userIdOf(db: Db, username: string): Promise<number> {
  return (await sql<{ id: number }>`select id from users where username = ${username}`.execute(db)).rows[0].id;
}

export function isPageEntity(name: string): boolean {
  const e = getEntity(name);
  return Boolean(e && !e.childOnly);
}
