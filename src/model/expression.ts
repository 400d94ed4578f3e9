/**
 * A small, safe expression language for generated forms (spec 3: calculation items, clearFormFields
 * conditions, selfFormExpression; spec 6: `session.dashroles`). Source text comes from page
 * declarations and, later, from tenants' form designer, so it is parsed here and never handed to
 * `eval` or `Function`: a tokenizer, a recursive-descent parser and a tree walker that only reads
 * own properties of plain data.
 *
 * Grammar (lowest precedence first):
 *   ternary   := or ('?' ternary ':' ternary)?
 *   or        := and ('||' and)*
 *   and       := equality ('&&' equality)*
 *   equality  := compare (('==' | '!=' | '===' | '!==') compare)*
 *   compare   := additive (('<' | '<=' | '>' | '>=' | 'in') additive)*
 *   additive  := mult (('+' | '-') mult)*
 *   mult      := unary (('*' | '/' | '%') unary)*
 *   unary     := ('!' | '-' | '+') unary | postfix
 *   postfix   := primary ('.' ident | '[' ternary ']')*
 *   primary   := number | string | true | false | null | ident | ident '(' args ')' | '[' args ']' | '(' ternary ')'
 *
 * A bare identifier is a form field (`qty * price`); `form.x` and `session.dashroles` name the two
 * scopes explicitly; `route.action` is the route action (add, edit, view, copy).
 *
 * Example: `evaluate("'admin' in session.dashroles && qty > 0", { form: { qty: '3' }, session: { dashroles: ['admin'] } })`
 * gives `{ ok: true, value: true }`. Errors are values (`{ ok: false, error }`), never exceptions.
 */

export type ExprScope = {
  form?: Record<string, unknown>;
  session?: Record<string, unknown>;
  route?: Record<string, unknown>;
};

export type ExprResult = { ok: true; value: unknown } | { ok: false; error: string };

type Node =
  | { t: 'lit'; v: unknown }
  | { t: 'id'; name: string }
  | { t: 'arr'; items: Node[] }
  | { t: 'mem'; obj: Node; key: Node }
  | { t: 'call'; name: string; args: Node[] }
  | { t: 'un'; op: string; arg: Node }
  | { t: 'bin'; op: string; l: Node; r: Node }
  | { t: 'cond'; c: Node; a: Node; b: Node };

type Token = { k: 'num' | 'str' | 'id' | 'op' | 'end'; v: string; pos: number };

/** Thrown only inside this module; `evaluate` turns it into an error value. */
class ExprError extends Error {}

export const MAX_SOURCE_LENGTH = 4000;
const MAX_DEPTH = 64;
const MAX_TOKENS = 2000;
const MAX_ARRAY = 10000;

const OPERATORS = ['===', '!==', '==', '!=', '<=', '>=', '&&', '||', '<', '>', '+', '-', '*', '/', '%', '!', '?', ':', '.', ',', '(', ')', '[', ']'];

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    if (out.length > MAX_TOKENS) throw new ExprError('expression too long');
    const c = src[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
      const m = /^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(src.slice(i));
      const text = m ? m[0] : c;
      out.push({ k: 'num', v: text, pos: i });
      i += text.length;
      continue;
    }
    if (c === "'" || c === '"') {
      let j = i + 1;
      let text = '';
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\' && j + 1 < src.length) {
          const e = src[j + 1];
          text += e === 'n' ? '\n' : e === 't' ? '\t' : e;
          j += 2;
        } else text += src[j++];
      }
      if (j >= src.length) throw new ExprError(`unterminated string at ${i}`);
      out.push({ k: 'str', v: text, pos: i });
      i = j + 1;
      continue;
    }
    if (/[A-Za-z_$\u4e00-\u9fff]/.test(c)) {
      const m = /^[A-Za-z_$\u4e00-\u9fff][A-Za-z0-9_$\u4e00-\u9fff]*/.exec(src.slice(i));
      const text = m ? m[0] : c;
      out.push({ k: 'id', v: text, pos: i });
      i += text.length;
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    if (!op) throw new ExprError(`unexpected character "${c}" at ${i}`);
    out.push({ k: 'op', v: op, pos: i });
    i += op.length;
  }
  out.push({ k: 'end', v: '', pos: src.length });
  return out;
}

class Parser {
  private i = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  parseAll(): Node {
    const n = this.ternary();
    if (this.peek().k !== 'end') throw new ExprError(`unexpected "${this.peek().v}" at ${this.peek().pos}`);
    return n;
  }

  private peek(): Token {
    return this.tokens[this.i];
  }
  private isOp(v: string): boolean {
    const t = this.peek();
    return t.k === 'op' && t.v === v;
  }
  private expectOp(v: string): void {
    if (!this.isOp(v)) throw new ExprError(`expected "${v}" at ${this.peek().pos}`);
    this.i++;
  }
  private enter(): void {
    if (++this.depth > MAX_DEPTH) throw new ExprError('expression nested too deeply');
  }
  private leave(): void {
    this.depth--;
  }

  private ternary(): Node {
    this.enter();
    const c = this.or();
    let out = c;
    if (this.isOp('?')) {
      this.i++;
      const a = this.ternary();
      this.expectOp(':');
      const b = this.ternary();
      out = { t: 'cond', c, a, b };
    }
    this.leave();
    return out;
  }
  private binary(ops: string[], next: () => Node, word?: string): Node {
    let l = next();
    for (;;) {
      const t = this.peek();
      const match = (t.k === 'op' && ops.includes(t.v)) || (word !== undefined && t.k === 'id' && t.v === word);
      if (!match) return l;
      this.i++;
      l = { t: 'bin', op: t.v, l, r: next() };
    }
  }
  private or = (): Node => this.binary(['||'], this.and);
  private and = (): Node => this.binary(['&&'], this.equality);
  private equality = (): Node => this.binary(['==', '!=', '===', '!=='], this.compare);
  private compare = (): Node => this.binary(['<', '<=', '>', '>='], this.additive, 'in');
  private additive = (): Node => this.binary(['+', '-'], this.mult);
  private mult = (): Node => this.binary(['*', '/', '%'], this.unary);

  private unary = (): Node => {
    const t = this.peek();
    if (t.k === 'op' && (t.v === '!' || t.v === '-' || t.v === '+')) {
      this.i++;
      this.enter();
      const arg = this.unary();
      this.leave();
      return { t: 'un', op: t.v, arg };
    }
    return this.postfix();
  };

  private postfix(): Node {
    let n = this.primary();
    for (;;) {
      if (this.isOp('.')) {
        this.i++;
        const t = this.peek();
        if (t.k !== 'id') throw new ExprError(`expected a name after "." at ${t.pos}`);
        this.i++;
        n = { t: 'mem', obj: n, key: { t: 'lit', v: t.v } };
      } else if (this.isOp('[')) {
        this.i++;
        const key = this.ternary();
        this.expectOp(']');
        n = { t: 'mem', obj: n, key };
      } else return n;
    }
  }

  private list(close: string): Node[] {
    const items: Node[] = [];
    if (this.isOp(close)) {
      this.i++;
      return items;
    }
    for (;;) {
      items.push(this.ternary());
      if (this.isOp(',')) {
        this.i++;
        continue;
      }
      this.expectOp(close);
      return items;
    }
  }

  private primary(): Node {
    const t = this.peek();
    this.i++;
    if (t.k === 'num') {
      const v = Number(t.v);
      if (!Number.isFinite(v)) throw new ExprError(`bad number ${t.v}`);
      return { t: 'lit', v };
    }
    if (t.k === 'str') return { t: 'lit', v: t.v };
    if (t.k === 'id') {
      if (t.v === 'true') return { t: 'lit', v: true };
      if (t.v === 'false') return { t: 'lit', v: false };
      if (t.v === 'null' || t.v === 'undefined') return { t: 'lit', v: null };
      if (this.isOp('(')) {
        this.i++;
        this.enter();
        const args = this.list(')');
        this.leave();
        if (!(t.v in FUNCTIONS)) throw new ExprError(`unknown function ${t.v}`);
        return { t: 'call', name: t.v, args };
      }
      return { t: 'id', name: t.v };
    }
    if (t.k === 'op' && t.v === '(') {
      const n = this.ternary();
      this.expectOp(')');
      return n;
    }
    if (t.k === 'op' && t.v === '[') {
      this.enter();
      const items = this.list(']');
      this.leave();
      return { t: 'arr', items };
    }
    throw new ExprError(t.k === 'end' ? 'unexpected end of expression' : `unexpected "${t.v}" at ${t.pos}`);
  }
}

// ---------------------------------------------------------------- values

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Only own data properties of plain objects and array indexes are readable: no prototype walk. */
function member(obj: unknown, key: unknown): unknown {
  if (Array.isArray(obj)) {
    if (key === 'length') return obj.length;
    const n = typeof key === 'number' ? key : typeof key === 'string' && /^\d+$/.test(key) ? Number(key) : NaN;
    return Number.isInteger(n) && n >= 0 && n < obj.length ? sanitize(obj[n]) : null;
  }
  if (typeof obj === 'string') {
    if (key === 'length') return obj.length;
    return null;
  }
  if (isPlainObject(obj) && (typeof key === 'string' || typeof key === 'number')) {
    const k = String(key);
    const desc = Object.getOwnPropertyDescriptor(obj, k);
    return desc && 'value' in desc ? sanitize(desc.value) : null;
  }
  return null;
}

/** Values that may flow through the evaluator: functions and class instances become null. */
function sanitize(v: unknown): unknown {
  if (v === undefined) return null;
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (Array.isArray(v) || isPlainObject(v)) return v;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  return null;
}

function isEmpty(v: unknown): boolean {
  return v === null || v === undefined || v === '';
}

/** Number for arithmetic: numbers, numeric strings, booleans; empty counts as 0 like a blank cell. */
function toNumber(v: unknown, op: string): number {
  if (typeof v === 'number') return v;
  if (isEmpty(v)) return 0;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string' && /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/.test(v)) return Number(v);
  throw new ExprError(`"${op}" needs numbers`);
}

function isNumeric(v: unknown): boolean {
  return typeof v === 'number' || (typeof v === 'string' && /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/.test(v));
}

function truthy(v: unknown): boolean {
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
  return Boolean(v);
}

/** Equality as a planner means it: '3' equals 3, empty equals null, arrays by content. */
function equals(a: unknown, b: unknown): boolean {
  if (isEmpty(a) || isEmpty(b)) return isEmpty(a) && isEmpty(b);
  if (isNumeric(a) && isNumeric(b)) return Number(a) === Number(b);
  if (typeof a === 'boolean' || typeof b === 'boolean') {
    // A switch stores a boolean; a declaration may compare it with true, 1 or 'true'.
    const asBool = (v: unknown) => (typeof v === 'boolean' ? v : isNumeric(v) ? Number(v) !== 0 : v === 'true' ? true : v === 'false' ? false : null);
    const x = asBool(a);
    return x !== null && x === asBool(b);
  }
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => equals(x, b[i]));
  return a === b;
}

function contains(container: unknown, item: unknown): boolean {
  if (Array.isArray(container)) return container.some((x) => equals(x, item));
  if (typeof container === 'string') return item !== null && container.includes(String(item));
  if (isPlainObject(container) && (typeof item === 'string' || typeof item === 'number')) return Object.prototype.hasOwnProperty.call(container, String(item));
  return false;
}

function finite(n: number): number {
  if (!Number.isFinite(n)) throw new ExprError('result is not a finite number');
  return n;
}

/** Rounds half away from zero at `d` decimals (money rounding), avoiding 1.005 -> 1.00 float drift. */
export function roundTo(n: number, d: number): number {
  const digits = Math.max(0, Math.min(10, Math.trunc(d)));
  const factor = 10 ** digits;
  const shifted = Math.abs(n) * factor;
  const r = Math.round(Number(shifted.toPrecision(15)));
  return (Math.sign(n) * r) / factor || 0;
}

const FUNCTIONS: Record<string, (args: unknown[]) => unknown> = {
  round: (a) => finite(roundTo(toNumber(a[0], 'round'), a.length > 1 ? toNumber(a[1], 'round') : 0)),
  abs: (a) => Math.abs(toNumber(a[0], 'abs')),
  min: (a) => {
    const xs = (a.length === 1 && Array.isArray(a[0]) ? a[0] : a).map((x) => toNumber(x, 'min'));
    return xs.length ? Math.min(...xs) : null;
  },
  max: (a) => {
    const xs = (a.length === 1 && Array.isArray(a[0]) ? a[0] : a).map((x) => toNumber(x, 'max'));
    return xs.length ? Math.max(...xs) : null;
  },
  len: (a) => (Array.isArray(a[0]) || typeof a[0] === 'string' ? a[0].length : isEmpty(a[0]) ? 0 : String(a[0]).length),
  includes: (a) => contains(a[0], a[1]),
  empty: (a) => isEmpty(a[0]) || (Array.isArray(a[0]) && a[0].length === 0),
  number: (a) => (isEmpty(a[0]) ? null : toNumber(a[0], 'number')),
  text: (a) => (isEmpty(a[0]) ? '' : typeof a[0] === 'object' ? JSON.stringify(a[0]) : String(a[0])),
};

function show(v: unknown): string {
  if (v === null) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function evalNode(n: Node, scope: ExprScope): unknown {
  switch (n.t) {
    case 'lit':
      return n.v;
    case 'arr': {
      const items = n.items.map((x) => evalNode(x, scope));
      if (items.length > MAX_ARRAY) throw new ExprError('array too large');
      return items;
    }
    case 'id': {
      if (n.name === 'form') return scope.form ?? {};
      if (n.name === 'session') return scope.session ?? {};
      if (n.name === 'route') return scope.route ?? {};
      return member(scope.form ?? {}, n.name);
    }
    case 'mem':
      return member(evalNode(n.obj, scope), evalNode(n.key, scope));
    case 'call': {
      const fn = FUNCTIONS[n.name];
      return fn(n.args.map((a) => evalNode(a, scope)));
    }
    case 'un': {
      const v = evalNode(n.arg, scope);
      if (n.op === '!') return !truthy(v);
      if (n.op === '-') return -toNumber(v, '-');
      return toNumber(v, '+');
    }
    case 'cond':
      return truthy(evalNode(n.c, scope)) ? evalNode(n.a, scope) : evalNode(n.b, scope);
    case 'bin':
      return evalBinary(n.op, n.l, n.r, scope);
  }
}

function evalBinary(op: string, ln: Node, rn: Node, scope: ExprScope): unknown {
  // && and || short-circuit and yield booleans (conditions read as yes/no).
  if (op === '&&') return truthy(evalNode(ln, scope)) && truthy(evalNode(rn, scope));
  if (op === '||') return truthy(evalNode(ln, scope)) || truthy(evalNode(rn, scope));
  const l = evalNode(ln, scope);
  const r = evalNode(rn, scope);
  switch (op) {
    case '+':
      // Form inputs arrive as text: '2' + '3' is 5 when both read as numbers, else text is joined.
      if ((isNumeric(l) || isEmpty(l) || typeof l === 'boolean') && (isNumeric(r) || isEmpty(r) || typeof r === 'boolean'))
        return finite(toNumber(l, op) + toNumber(r, op));
      return (show(l) + show(r)).slice(0, 100000);
    case '-':
      return finite(toNumber(l, op) - toNumber(r, op));
    case '*':
      return finite(toNumber(l, op) * toNumber(r, op));
    case '/': {
      const d = toNumber(r, op);
      if (d === 0) throw new ExprError('division by zero');
      return finite(toNumber(l, op) / d);
    }
    case '%': {
      const d = toNumber(r, op);
      if (d === 0) throw new ExprError('division by zero');
      return finite(toNumber(l, op) % d);
    }
    case '==':
    case '===':
      return equals(l, r);
    case '!=':
    case '!==':
      return !equals(l, r);
    case '<':
    case '<=':
    case '>':
    case '>=': {
      let c: number;
      if ((isNumeric(l) || isEmpty(l)) && (isNumeric(r) || isEmpty(r))) c = toNumber(l, op) - toNumber(r, op);
      else {
        const a = show(l);
        const b = show(r);
        c = a < b ? -1 : a > b ? 1 : 0;
      }
      return op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0;
    }
    case 'in':
      return contains(r, l);
    default:
      throw new ExprError(`unknown operator ${op}`);
  }
}

// ---------------------------------------------------------------- public API

export type CompiledExpression = { ok: true; source: string; ast: Node } | { ok: false; source: string; error: string };

const CACHE = new Map<string, CompiledExpression>();

function message(e: unknown): string {
  if (e instanceof ExprError) return e.message;
  if (e instanceof RangeError) return 'expression nested too deeply';
  return 'invalid expression';
}

/** Parses once; the result is cached by source text (declarations repeat the same conditions). */
export function compileExpression(source: string): CompiledExpression {
  const hit = CACHE.get(source);
  if (hit) return hit;
  let out: CompiledExpression;
  if (typeof source !== 'string') out = { ok: false, source: String(source), error: 'expression must be text' };
  else if (source.length > MAX_SOURCE_LENGTH) out = { ok: false, source, error: 'expression too long' };
  else {
    try {
      out = { ok: true, source, ast: new Parser(tokenize(source)).parseAll() };
    } catch (e) {
      out = { ok: false, source, error: message(e) };
    }
  }
  if (CACHE.size > 2000) CACHE.clear();
  CACHE.set(source, out);
  return out;
}

/** Evaluates an expression against form values and session state. Never throws. */
export function evaluate(source: string, scope: ExprScope = {}): ExprResult {
  const compiled = compileExpression(source);
  if (!compiled.ok) return { ok: false, error: compiled.error };
  try {
    const value = evalNode(compiled.ast, scope);
    return { ok: true, value: value === undefined ? null : value };
  } catch (e) {
    return { ok: false, error: message(e) };
  }
}

/** A condition: true only when the expression evaluates without error to a truthy value. */
export function evaluateCondition(source: string | undefined, scope: ExprScope, whenAbsent = true): boolean {
  if (source === undefined || source.trim() === '') return whenAbsent;
  const r = evaluate(source, scope);
  return r.ok && truthy(r.value);
}

/** Field keys an expression reads (bare names and `form.x`), for recomputing when they change. */
export function referencedFields(source: string): string[] {
  const compiled = compileExpression(source);
  if (!compiled.ok) return [];
  const out = new Set<string>();
  const walk = (n: Node): void => {
    switch (n.t) {
      case 'id':
        if (n.name !== 'form' && n.name !== 'session' && n.name !== 'route') out.add(n.name);
        return;
      case 'mem':
        if (n.obj.t === 'id' && n.obj.name === 'form' && n.key.t === 'lit') out.add(String(n.key.v));
        else walk(n.obj);
        walk(n.key);
        return;
      case 'arr':
        n.items.forEach(walk);
        return;
      case 'call':
        n.args.forEach(walk);
        return;
      case 'un':
        walk(n.arg);
        return;
      case 'bin':
        walk(n.l);
        walk(n.r);
        return;
      case 'cond':
        walk(n.c);
        walk(n.a);
        walk(n.b);
        return;
      case 'lit':
        return;
    }
  };
  walk(compiled.ast);
  return [...out];
}
