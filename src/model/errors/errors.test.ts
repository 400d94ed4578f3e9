import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import '../entities';
import '../dynamic-form';
import '../i18n/excel-part';
import '../i18n/app-part';
import { catalog } from '../i18n';
import { ERROR_CODES, ERROR_KINDS, ERRORS, placeholdersOf, type ErrorKind } from './index';

const DIR = new URL('.', import.meta.url);
const e409 = (key: string) => ERROR_KINDS[ERRORS[key as keyof typeof ERRORS].kind].status === 409;

describe('the error table', () => {
  it('gives every error a kind and a text in both languages', () => {
    for (const [key, e] of Object.entries(ERRORS)) {
      expect(Object.keys(ERROR_KINDS), key).toContain(e.kind);
      for (const also of 'alsoAs' in e ? e.alsoAs : []) expect(Object.keys(ERROR_KINDS), key).toContain(also);
      expect(e.zh.trim(), key).not.toBe('');
      expect(e.en.trim(), key).not.toBe('');
      expect(e.en, `${key} is not translated`).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('is what the catalogues say, in both languages (they are fed from it)', () => {
    const zh = catalog('zh-CN');
    const en = catalog('en');
    for (const [key, e] of Object.entries(ERRORS)) {
      expect(zh[key], key).toBe(e.zh);
      expect(en[key], key).toBe(e.en);
    }
  });

  it('keeps each key in one part file and no catalogue part writes an error text itself', () => {
    const parts = readdirSync(DIR).filter((f) => f.endsWith('.ts') && !['index.ts', 'define.ts'].includes(f) && !f.endsWith('.test.ts'));
    const seen = new Map<string, string>();
    for (const f of parts) {
      for (const m of readFileSync(new URL(f, DIR), 'utf8').matchAll(/^ {2}'([\w.]+)': \{ kind:/gm)) {
        expect(seen.get(m[1]), `${m[1]} in ${f}`).toBeUndefined();
        seen.set(m[1], f);
      }
    }
    expect([...seen.keys()].sort()).toEqual(Object.keys(ERRORS).sort());
    const catalogues = [...readdirSync(new URL('../i18n/', DIR)).map((f) => `../i18n/${f}`), ...readdirSync(new URL('../entities/', DIR)).map((f) => `../entities/${f}`), '../dynamic-form.ts'];
    for (const f of catalogues.filter((x) => x.endsWith('.ts') && !x.endsWith('.test.ts'))) {
      const text = readFileSync(new URL(f, DIR), 'utf8');
      const written = [...text.matchAll(/^\s+'([\w.]+)': ['`]/gm)].map((m) => m[1]).filter((k) => k in ERRORS);
      expect(written, f).toEqual([]);
    }
  });

  it('names the same parameters in both texts, or only ones a site passes for its own language', () => {
    const oneLanguage = new Set(['status_zh', 'status_en']);
    for (const [key, e] of Object.entries(ERRORS)) {
      const zh = placeholdersOf(e.zh).filter((p) => !oneLanguage.has(p));
      const en = placeholdersOf(e.en).filter((p) => !oneLanguage.has(p));
      expect(en, key).toEqual(zh);
    }
  });

  it('keeps the envelope codes and HTTP statuses of spec 8', () => {
    const expected: Record<ErrorKind, [number, number]> = { validation: [11000, 400], unauthorized: [401, 401], forbidden: [403, 403], notFound: [404, 404], staleVersion: [11409, 409], duplicateNumber: [11001, 409], conflict: [11002, 409], precheck: [11003, 409], approval: [11004, 409], duplicate: [11005, 409], inUse: [11006, 409], tooManyRequests: [429, 429], badRequest: [400, 400], payloadTooLarge: [413, 413], unsupportedMediaType: [415, 415], uriTooLong: [414, 414], headersTooLarge: [431, 431], requestTimeout: [408, 408], serviceUnavailable: [503, 503], internal: [500, 500] };
    for (const [kind, [code, status]] of Object.entries(expected) as Array<[ErrorKind, [number, number]]>) {
      expect(ERROR_KINDS[kind], kind).toEqual({ code, status });
      expect(ERROR_CODES[kind]).toBe(code);
    }
  });

  it('gives 11001 to a duplicate document number alone, and each 409 family a code of its own', () => {
    const as11001 = Object.entries(ERRORS).filter(([, e]) => [e.kind, ...('alsoAs' in e ? e.alsoAs : [])].some((k) => ERROR_KINDS[k].code === 11001)).map(([key]) => key);
    expect(as11001).toEqual(['err.duplicateNumber']);
    const conflicts = Object.values(ERROR_KINDS).filter((k) => k.status === 409).map((k) => k.code);
    expect(new Set(conflicts).size).toBe(conflicts.length);
    // Spec 8's sourcing pre-checks are pre-checks, the approval flow's refusals its own.
    expect(Object.entries(ERRORS).filter(([key]) => key.startsWith('src.precheck.')).every(([, e]) => e.kind === 'precheck')).toBe(true);
    expect(Object.entries(ERRORS).filter(([key]) => key.startsWith('wf.') && e409(key)).every(([, e]) => e.kind === 'approval')).toBe(true);
  });
});
