import { SCALARS, SHORTHANDS, type ScalarName, type WgslType } from './wgsl-types';

/** A struct member as written in WGSL, its type resolved. */
export interface ParsedMember {
  name: string;
  type: WgslType;
  align?: number;
  size?: number;
  line: number;
}

/** A `struct` declaration of a WGSL file. */
export interface ParsedStruct {
  name: string;
  members: ParsedMember[];
  line: number;
}

/** A WGSL source the struct reader cannot understand; says where and why. */
export class WgslParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WgslParseError';
  }
}

interface Token {
  text: string;
  line: number;
}

// Why a small reader of our own rather than a full WGSL parser: layouts need only `struct`, `alias` and `const`
// declarations, this stays ~150 lines with exact line numbers in errors, and it keeps the engine's runtime free of a
// 200 kB parser. The layout tests check it against wgsl_reflect (a full parser) as an independent oracle.

/** Reads every `struct` declaration of `code`, resolving aliases and `const` array counts declared in the same file. */
export function parseWgslStructs(code: string): ParsedStruct[] {
  const tokens = tokenize(code);
  const aliases = new Map<string, Token[]>();
  const consts = new Map<string, number>();
  const structTokens: { name: Token; body: Token[] }[] = [];

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.text === 'struct') {
      const name = tokens[i + 1]!;
      const open = i + 2;
      if (tokens[open]?.text !== '{')
        throw new WgslParseError(`line ${t.line}: expected "{" after "struct ${name.text}".`);
      const close = matching(tokens, open, '{', '}');
      structTokens.push({ name, body: tokens.slice(open + 1, close) });
      i = close;
    } else if (t.text === 'alias') {
      const end = indexOf(tokens, ';', i);
      aliases.set(tokens[i + 1]!.text, tokens.slice(i + 3, end));
      i = end;
    } else if (t.text === 'const' && tokens[i - 1]?.text !== '@') {
      const end = indexOf(tokens, ';', i);
      const eq = indexOf(tokens, '=', i);
      const value = eq < end && eq === end - 2 ? parseInteger(tokens[end - 1]!.text) : null;
      if (value !== null) consts.set(tokens[i + 1]!.text, value);
      i = end;
    }
  }

  const structNames = new Set(structTokens.map((s) => s.name.text));
  return structTokens.map(({ name, body }) => ({
    name: name.text,
    line: name.line,
    members: parseMembers(name.text, body, { aliases, consts, structNames }),
  }));
}

interface Scope {
  aliases: Map<string, Token[]>;
  consts: Map<string, number>;
  structNames: Set<string>;
}

function parseMembers(struct: string, body: Token[], scope: Scope): ParsedMember[] {
  const members: ParsedMember[] = [];
  let i = 0;
  while (i < body.length) {
    let align: number | undefined;
    let size: number | undefined;
    while (body[i]?.text === '@') {
      const attribute = body[i + 1]!.text;
      let next = i + 2;
      let argument: number | null = null;
      if (body[next]?.text === '(') {
        const close = matching(body, next, '(', ')');
        argument = close === next + 2 ? resolveCount(body[next + 1]!, scope) : null;
        next = close + 1;
      }
      if (attribute === 'align' || attribute === 'size') {
        if (argument === null) {
          throw new WgslParseError(
            `struct ${struct}, line ${body[i]!.line}: @${attribute} needs one integer argument.`,
          );
        }
        if (attribute === 'align') align = argument;
        else size = argument;
      }
      i = next;
    }
    const name = body[i];
    if (!name) break;
    if (body[i + 1]?.text !== ':')
      throw new WgslParseError(`struct ${struct}, line ${name.line}: expected "name: type".`);
    let end = i + 2;
    let depth = 0;
    for (; end < body.length; end++) {
      const text = body[end]!.text;
      if (text === '<') depth++;
      else if (text === '>') depth--;
      else if (text === ',' && depth === 0) break;
    }
    const context = `struct ${struct}, field ${name.text} (line ${name.line})`;
    const type = resolveType(body.slice(i + 2, end), scope, context);
    members.push({
      name: name.text,
      type,
      line: name.line,
      ...(align === undefined ? {} : { align }),
      ...(size === undefined ? {} : { size }),
    });
    i = end + 1;
  }
  return members;
}

function resolveType(tokens: Token[], scope: Scope, context: string): WgslType {
  const [type, used] = parseType(tokens, 0, scope, context);
  if (used !== tokens.length)
    throw new WgslParseError(`${context}: unexpected "${tokens[used]!.text}" in the type.`);
  return type;
}

function parseType(tokens: Token[], at: number, scope: Scope, context: string): [WgslType, number] {
  const head = tokens[at];
  if (!head) throw new WgslParseError(`${context}: missing type.`);
  const args: Token[][] = [];
  let next = at + 1;
  if (tokens[next]?.text === '<') {
    const close = matching(tokens, next, '<', '>');
    let start = next + 1;
    let depth = 0;
    for (let k = start; k <= close; k++) {
      const text = tokens[k]!.text;
      if (text === '<') depth++;
      else if (text === '>' && k !== close) depth--;
      if ((text === ',' && depth === 0) || k === close) {
        if (k > start) args.push(tokens.slice(start, k));
        start = k + 1;
      }
    }
    next = close + 1;
  }
  const name = head.text;
  const scalarArg = (): ScalarName => {
    const scalar = args[0]?.[0]?.text;
    if (args.length !== 1 || !scalar || !(scalar in SCALARS)) {
      throw new WgslParseError(`${context}: ${name}<…> needs one of f32, i32, u32, f16.`);
    }
    return scalar as ScalarName;
  };
  if (name in SCALARS && args.length === 0) return [{ kind: 'scalar', scalar: name as ScalarName }, next];
  if (name === 'bool') {
    throw new WgslParseError(`${context}: bool is not host-shareable; use u32 (0 or 1) in buffers.`);
  }
  if (SHORTHANDS[name] && args.length === 0) return [SHORTHANDS[name], next];
  const vector = /^vec([234])$/.exec(name);
  if (vector) return [{ kind: 'vector', n: Number(vector[1]) as 2 | 3 | 4, scalar: scalarArg() }, next];
  const matrix = /^mat([234])x([234])$/.exec(name);
  if (matrix) {
    const scalar = scalarArg();
    if (scalar !== 'f32' && scalar !== 'f16')
      throw new WgslParseError(`${context}: matrices hold f32 or f16 only.`);
    const columns = Number(matrix[1]) as 2 | 3 | 4;
    return [{ kind: 'matrix', columns, rows: Number(matrix[2]) as 2 | 3 | 4, scalar }, next];
  }
  if (name === 'atomic') {
    const scalar = scalarArg();
    if (scalar !== 'u32' && scalar !== 'i32')
      throw new WgslParseError(`${context}: atomic<…> holds u32 or i32.`);
    return [{ kind: 'scalar', scalar, atomic: true }, next];
  }
  if (name === 'array') {
    if (args.length < 1 || args.length > 2)
      throw new WgslParseError(`${context}: array<T> or array<T, N> expected.`);
    const element = resolveType(args[0]!, scope, context);
    const countTokens = args[1];
    if (countTokens && countTokens.length !== 1) {
      throw new WgslParseError(`${context}: array count must be an integer or a const name.`);
    }
    const count = countTokens ? resolveCount(countTokens[0]!, scope) : null;
    if (count === null && countTokens) {
      throw new WgslParseError(
        `${context}: array count "${countTokens[0]!.text}" is not an integer or a const of this file.`,
      );
    }
    if (count !== null && count < 1) throw new WgslParseError(`${context}: array count must be ≥ 1.`);
    return [{ kind: 'array', element, count }, next];
  }
  const alias = scope.aliases.get(name);
  if (alias) return [resolveType(alias, scope, context), next];
  if (scope.structNames.has(name)) return [{ kind: 'struct', name }, next];
  throw new WgslParseError(`${context}: unknown type "${name}".`);
}

function resolveCount(token: Token, scope: Scope): number | null {
  return parseInteger(token.text) ?? scope.consts.get(token.text) ?? null;
}

function parseInteger(text: string): number | null {
  const match = /^(0[xX][0-9a-fA-F]+|\d+)[iu]?$/.exec(text);
  return match ? Number(match[1]) : null;
}

function tokenize(code: string): Token[] {
  const tokens: Token[] = [];
  let line = 1;
  let i = 0;
  while (i < code.length) {
    const c = code[i]!;
    if (c === '\n') {
      line++;
      i++;
    } else if (c === '/' && code[i + 1] === '/') {
      while (i < code.length && code[i] !== '\n') i++;
    } else if (c === '/' && code[i + 1] === '*') {
      // Block comments nest in WGSL.
      let depth = 0;
      do {
        if (code.startsWith('/*', i)) {
          depth++;
          i += 2;
        } else if (code.startsWith('*/', i)) {
          depth--;
          i += 2;
        } else {
          if (code[i] === '\n') line++;
          i++;
        }
      } while (depth > 0 && i < code.length);
    } else if (/\s/.test(c)) {
      i++;
    } else if (/[A-Za-z0-9_.]/.test(c)) {
      let j = i;
      while (j < code.length && /[A-Za-z0-9_.]/.test(code[j]!)) j++;
      tokens.push({ text: code.slice(i, j), line });
      i = j;
    } else {
      tokens.push({ text: c, line });
      i++;
    }
  }
  return tokens;
}

function matching(tokens: Token[], open: number, opener: string, closer: string): number {
  let depth = 0;
  for (let k = open; k < tokens.length; k++) {
    if (tokens[k]!.text === opener) depth++;
    else if (tokens[k]!.text === closer && --depth === 0) return k;
  }
  throw new WgslParseError(`line ${tokens[open]!.line}: "${opener}" is never closed.`);
}

function indexOf(tokens: Token[], text: string, from: number): number {
  for (let k = from; k < tokens.length; k++) if (tokens[k]!.text === text) return k;
  throw new WgslParseError(`line ${tokens[from]!.line}: expected "${text}".`);
}
