import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../model/i18n';
import { client } from '../../model/i18n/client';

/**
 * This area's source files: the shell, session, API reactions and its own pages. Other areas'
 * folders (engine/, form/, grid/, pages/upload/, ...) carry their own catalogue parts and tests.
 */
const OWN = ['app', 'api', 'session', 'shell', 'pages/common', 'pages/login', 'pages/password', 'pages/signup', 'pages/workspace', 'pages/user'];

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sources(p));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

const KEY = /(?:\bt|\btr|i18n\.t)\(\s*'([a-zA-Z0-9_.]+)'|titleKey: '([a-zA-Z0-9_.]+)'/g;

describe('browser catalogue', () => {
  const used = new Set<string>();
  for (const file of [...OWN.flatMap((d) => sources(join('src/client', d))), 'src/client/main.tsx']) for (const m of readFileSync(file, 'utf8').matchAll(KEY)) used.add(m[1] ?? m[2]);
  // Keys built at run time from a fixed list.
  for (const step of ['kind', 'verify', 'profile', 'finish']) used.add(`ui.signup.step.${step}`);
  for (const type of ['brand', 'maker', 'supplier']) used.add(`ui.signup.type.${type}`);
  for (const g of ['morning', 'afternoon', 'evening']) used.add(`ui.home.${g}`);

  it('finds the keys the screens use', () => {
    expect(used.size).toBeGreaterThan(150);
  });

  it('has every key the browser uses in Chinese and in English', () => {
    const zh = catalog('zh-CN');
    const en = catalog('en');
    expect([...used].filter((k) => !zh[k])).toEqual([]);
    expect([...used].filter((k) => !en[k])).toEqual([]);
  });

  it('has the same keys in both languages', () => {
    expect(Object.keys(client.en).sort()).toEqual(Object.keys(client['zh-CN']).sort());
  });

  it('keeps the parameters of each text in both languages', () => {
    const params = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const mismatched = Object.keys(client['zh-CN']).filter((k) => params(client['zh-CN'][k]).join() !== params(client.en[k]).join());
    expect(mismatched).toEqual([]);
  });
});
