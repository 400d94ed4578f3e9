import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * Limits every request's input must keep before any route sees it (issue 20). PostgreSQL cannot store
 * a NUL character in text (it fails the statement, a 500), and JSON nested thousands of levels deep
 * overflows the stack of whatever walks it (validation, JSON.stringify, jsonb). No form, list or
 * document of the product nests anywhere near 32 levels.
 */
export const MAX_JSON_DEPTH = 32;

export type InputFault = 'nul' | 'depth';

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

const ESCAPED_NUL = '\\u0000';

/**
 * The fault of JSON text, read in one pass without parsing (brackets inside string literals do not
 * count): nesting deeper than `limit`, or a NUL written as the escape \u0000 inside a string. So a
 * hostile body is refused before JSON.parse builds it, and JSON text carried inside a form field is
 * held to the same rules as a JSON body.
 */
export function jsonTextFault(text: string, limit = MAX_JSON_DEPTH): InputFault | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) {
        if (text.startsWith(ESCAPED_NUL, i)) return 'nul';
        i++;
      } else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > limit) return 'depth';
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return null;
}

/** A text that may be JSON (form bodies carry child rows, matrices and settings as JSON text). */
function looksLikeJson(text: string): boolean {
  const start = text.trimStart().charCodeAt(0);
  return start === OPEN_BRACE || start === OPEN_BRACKET;
}

/**
 * The first fault of a parsed value: a NUL in any string or key, or nesting (of the value itself or
 * of JSON text inside one of its strings) deeper than the limit. Walks with its own stack, so the
 * check itself cannot overflow.
 */
export function inputFault(value: unknown, limit = MAX_JSON_DEPTH): InputFault | null {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length) {
    const { value: v, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return 'nul';
      const fault = looksLikeJson(v) ? jsonTextFault(v, limit) : null;
      if (fault) return fault;
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      if (depth + 1 > limit) return 'depth';
      if (Array.isArray(v)) for (const item of v) stack.push({ value: item, depth: depth + 1 });
      else
        for (const [key, item] of Object.entries(v)) {
          if (key.includes('\u0000')) return 'nul';
          stack.push({ value: item, depth: depth + 1 });
        }
    }
  }
  return null;
}

function refusal(fault: InputFault): AppError {
  return fault === 'nul' ? new AppError('err.nulCharacter') : new AppError('err.tooDeep', { params: { max: MAX_JSON_DEPTH } });
}

/** Throws the 400 for the first fault of the request's query, route parameters and body. */
export function assertCleanInput(req: FastifyRequest): void {
  const fault = inputFault(req.query) ?? inputFault(req.params) ?? inputFault(req.body);
  if (fault) throw refusal(fault);
}

/**
 * Installs the checks: the JSON body parser refuses text nested too deep before parsing it (keeping
 * Fastify's protection against `__proto__` keys), and one hook checks every string of query, route
 * parameters and body, at any depth, before validation, authentication and the route.
 */
export function installInputLimits(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    const fault = jsonTextFault(text);
    if (fault) return done(refusal(fault), undefined);
    return parseJson(req, text, done);
  });
  app.addHook('preValidation', async (req) => assertCleanInput(req));
}
