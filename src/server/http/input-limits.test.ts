import { describe, expect, it } from 'vitest';
import { inputFault, jsonTextFault, MAX_JSON_DEPTH } from './input-limits';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('jsonTextFault', () => {
  it('counts brackets outside strings only, up to the limit', () => {
    expect(jsonTextFault(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonTextFault(nested(MAX_JSON_DEPTH + 1))).toBe('depth');
    expect(jsonTextFault(JSON.stringify({ a: '['.repeat(100) }))).toBeNull();
    expect(jsonTextFault(JSON.stringify({ a: 'say \\"[[[' }))).toBeNull();
  });

  it('finds a NUL written as an escape, not a written backslash followed by u0000', () => {
    expect(jsonTextFault(JSON.stringify({ a: 'x\u0000' }))).toBe('nul');
    expect(jsonTextFault(JSON.stringify({ a: 'x\\u0000' }))).toBeNull();
  });

  it('reads a million levels without overflowing', () => {
    expect(jsonTextFault(nested(1_000_000))).toBe('depth');
  });
});

describe('inputFault', () => {
  it('finds a NUL in any string or key at any depth, and JSON text nested too deep inside a string', () => {
    expect(inputFault({ a: [{ b: 'ok' }] })).toBeNull();
    expect(inputFault({ a: [{ b: 'x\u0000' }] })).toBe('nul');
    expect(inputFault({ a: { 'k\u0000': 1 } })).toBe('nul');
    expect(inputFault({ rows: nested(40) })).toBe('depth');
    expect(inputFault({ rows: '[not json' })).toBeNull();
  });

  it('bounds the depth of parsed values: 32 levels pass, 33 do not', () => {
    let v: unknown = 1;
    for (let i = 0; i < MAX_JSON_DEPTH; i++) v = [v];
    expect(inputFault(v)).toBeNull();
    expect(inputFault([v])).toBe('depth');
  });
});
