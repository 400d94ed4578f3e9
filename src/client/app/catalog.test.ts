import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../model/i18n';
import { APP_PARTS } from '../../model/i18n/app-part';
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

/**
 * The screens of a first visit, drawn before any code-split route has loaded: the sign-in page, its
 * layout, the toasts, the contact and first-login dialogs, the route error. Their words must be in the
 * first chunks' catalogue parts, not in those `app-part` registers with the signed-in pages (B7).
 */
const FIRST_VISIT = ['pages/login', 'pages/common/AuthLayout.tsx', 'shell/ToastHost.tsx', 'shell/ContactAdminDialog.tsx', 'shell/ChangePasswordForm.tsx', 'shell/ShellNotices.tsx', 'app/RouteError.tsx', 'app/RootLayout.tsx'];

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

  it('has the first visit’s words in the first chunks, not among the signed-in pages’ words', () => {
    const first = new Set<string>();
    for (const f of FIRST_VISIT) {
      const p = join('src/client', f);
      for (const file of statSync(p).isDirectory() ? sources(p) : [p]) for (const m of readFileSync(file, 'utf8').matchAll(KEY)) first.add(m[1] ?? m[2]);
    }
    expect(first.size).toBeGreaterThan(20);
    const late = new Set(APP_PARTS.flatMap((part) => Object.keys(part['zh-CN'])));
    expect([...first].filter((k) => late.has(k))).toEqual([]);
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
