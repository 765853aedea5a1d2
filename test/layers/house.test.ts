/**
 * The shape of the house: a game is its folders and one registry line. Scans the product's source
 * (everything but tests, fixtures and the embedding example page) and fails where a file outside a
 * game's own folders and the registry names a game: a string literal that is a game's id, a path
 * into a game's folder or module, or one of a game's named boards; or an import of a game's folder.
 * Comments may name games (they explain); code may not. Also: no import circles.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { GAME_IDS, gameEntry, gameOfBoard, gamesOfBoard, soleOwner } from '../../bindings/games/registry.js';
import { tryBoard } from '../../reference/boards/board-spec.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SOURCE_FOLDERS = ['assembly', 'reference', 'bindings', 'demo', 'bench', 'bin', 'scripts'];
const CODE = /\.(ts|mts|mjs|js)$/;
const REGISTRY = 'bindings/games/registry.ts';

function files(folder: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(root, folder))) {
    const path = join(folder, name);
    if (statSync(join(root, path)).isDirectory()) out.push(...files(path));
    else if (CODE.test(name)) out.push(path.split(sep).join('/'));
  }
  return out;
}

const sourceFiles = [...SOURCE_FOLDERS.flatMap(files), ...readdirSync(root).filter((f) => CODE.test(f))];

/**
 * The source file a relative import in `path` names, or null: `.js` names the TypeScript file
 * beside it; AssemblyScript names a file without its extension (or a folder by its index.ts).
 */
function importedFile(path: string, spec: string): string | null {
  const target = relative(root, resolve(dirname(join(root, path)), spec)).split(sep).join('/');
  const candidates = /\.(m?js)$/.test(target) ? [target.replace(/\.js$/, '.ts'), target] : [target, `${target}.ts`, `${target}/index.ts`];
  return candidates.find((c) => sourceFiles.includes(c)) ?? null;
}

/** Every source file with the source files its relative imports name. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const path of sourceFiles) {
    const text = readFileSync(join(root, path), 'utf8');
    const targets: string[] = [];
    for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.[^'"]+)['"]/g)) {
      const target = importedFile(path, m[1]!);
      if (target !== null) targets.push(target);
    }
    graph.set(path, targets);
  }
  return graph;
}

/**
 * The folders under `under` (its first level; files directly in it count as the folder itself)
 * with the folders their files import, a folder's imports of itself left out.
 */
function folderGraph(files: ReadonlyMap<string, readonly string[]>, under: string): Map<string, string[]> {
  const folderOf = (path: string): string | null => {
    if (!path.startsWith(under)) return null;
    const rest = path.slice(under.length).split('/');
    return rest.length === 1 ? under.replace(/\/$/, '') : under + rest[0];
  };
  const graph = new Map<string, Set<string>>();
  for (const [path, targets] of files) {
    const from = folderOf(path);
    if (from === null) continue;
    const out = graph.get(from) ?? new Set<string>();
    graph.set(from, out);
    for (const target of targets) {
      const to = folderOf(target);
      if (to !== null && to !== from) out.add(to);
    }
  }
  for (const out of [...graph.values()]) for (const to of out) if (!graph.has(to)) graph.set(to, new Set());
  return new Map([...graph].map(([k, v]) => [k, [...v]]));
}

/** The import circles of a graph: Tarjan's strongly connected components of two nodes or more. */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do component.push((w = stack.pop()!));
      while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** The game whose folders hold `path`, or null: `<layer>/games/<id>/...`. */
function gameFolderOf(path: string): string | null {
  const m = /^(?:reference|assembly|bindings|test)\/games\/([^/]+)\//.exec(path);
  return m && (GAME_IDS as readonly string[]).includes(m[1]!) ? m[1]! : null;
}

/** Tokens after which a `/` divides (an operand ends there). */
const ENDS_EXPRESSION = new Set([
  ts.SyntaxKind.Identifier,
  ts.SyntaxKind.NumericLiteral,
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.CloseParenToken,
  ts.SyntaxKind.CloseBracketToken,
  ts.SyntaxKind.CloseBraceToken,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.ThisKeyword,
  ts.SyntaxKind.PlusPlusToken,
  ts.SyntaxKind.MinusMinusToken,
]);

/** Every string and template literal of a file, with its line. */
function literals(path: string, text: string): Array<{ text: string; line: number }> {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  const out: Array<{ text: string; line: number }> = [];
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);
  // Open braces inside each template substitution being read: a `}` at depth 0 resumes the template.
  const templates: number[] = [];
  let previous = ts.SyntaxKind.Unknown;
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; previous = kind, kind = scanner.scan()) {
    // A `/` after an operator or bracket starts a regular expression, not a division.
    if ((kind === ts.SyntaxKind.SlashToken || kind === ts.SyntaxKind.SlashEqualsToken) && !ENDS_EXPRESSION.has(previous)) kind = scanner.reScanSlashToken();
    if (kind === ts.SyntaxKind.OpenBraceToken && templates.length) templates[templates.length - 1]!++;
    if (kind === ts.SyntaxKind.CloseBraceToken && templates.length) {
      if (templates[templates.length - 1]! > 0) templates[templates.length - 1]!--;
      else {
        kind = scanner.reScanTemplateToken(false);
        if (kind === ts.SyntaxKind.TemplateTail) templates.pop();
      }
    }
    if (kind === ts.SyntaxKind.TemplateHead) templates.push(0);
    if (
      kind === ts.SyntaxKind.StringLiteral ||
      kind === ts.SyntaxKind.NoSubstitutionTemplateLiteral ||
      kind === ts.SyntaxKind.TemplateHead ||
      kind === ts.SyntaxKind.TemplateMiddle ||
      kind === ts.SyntaxKind.TemplateTail
    ) {
      out.push({ text: scanner.getTokenValue(), line: source.getLineAndCharacterOfPosition(scanner.getTokenStart()).line + 1 });
    }
  }
  return out;
}

/** What in a literal names `game`, or null. */
function namesGame(literal: string, game: string, boards: readonly string[]): string | null {
  const s = literal.toLowerCase();
  if (s === game) return `the id '${game}'`;
  if (new RegExp(`(^|[/\\\\])(games[/\\\\])?${game}([/\\\\.]|$)`).test(s) && /[/\\.]/.test(s)) return `a path into '${game}'`;
  const board = boards.find((b) => new RegExp(`(^|[^a-z0-9])${b.replace(/[()]/g, '\\$&')}($|[^a-z0-9])`).test(s));
  return board ? `its named board '${board}'` : null;
}

/**
 * Each game's board names that only it uses: not shapes any game accepts (Populace's `hexhex(7)`),
 * nor plain words (Tholian Go's `main`), which name other things too.
 */
const NAMED_BOARDS = new Map<string, readonly string[]>(GAME_IDS.map((id) => [id, gameEntry(id).rules.namedBoards.filter((b) => /[0-9]/.test(b) && !tryBoard(b).ok)]));

describe('the house: a game is its folders and one registry line', () => {
  it('finds the source to scan, and the registry plays every game it lists', () => {
    expect(sourceFiles.length).toBeGreaterThan(150);
    expect(GAME_IDS.length).toBeGreaterThanOrEqual(4);
  });

  it('no file outside a game\'s folders and the registry names a game in code', () => {
    const problems: string[] = [];
    for (const path of sourceFiles) {
      if (path === REGISTRY) continue;
      const own = gameFolderOf(path);
      // A board name the file's own game has too is its own: names belong to their game.
      const ownBoards = (own !== null && NAMED_BOARDS.get(own)) || [];
      const text = readFileSync(join(root, path), 'utf8');
      for (const { text: literal, line } of literals(path, text)) {
        for (const game of GAME_IDS) {
          if (game === own) continue;
          const what = namesGame(literal, game, NAMED_BOARDS.get(game)!.filter((b) => !ownBoards.includes(b)));
          if (what) problems.push(`${path}:${line} names ${what}: ${JSON.stringify(literal.slice(0, 80))}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('the scan would see a game named in code (it is not blind)', () => {
    expect(namesGame('throngs', 'throngs', [])).not.toBeNull();
    expect(namesGame('../games/refugia/index.js', 'refugia', [])).not.toBeNull();
    expect(namesGame('../build/populace.wasm', 'populace', [])).not.toBeNull();
    expect(namesGame('ragged63', 'throngs', ['ragged63'])).not.toBeNull();
    expect(namesGame('throngs-board', 'throngs', ['ragged63'])).toBeNull();
    const found = literals('x.ts', "// 'refugia' in a comment\nconst a = /x'y/; const g = `on ${b} 'tholian'`; f('populace');").map((l) => l.text);
    expect(found).toContain('populace');
    expect(found.join(' ')).not.toContain('refugia');
  });

  it('board names belong to their game: a name alone finds the one game that has it, and one several games have is refused, naming them', () => {
    let named = 0;
    for (const game of GAME_IDS) {
      for (const name of gameEntry(game).rules.namedBoards) {
        const owners = gamesOfBoard(name);
        expect(owners, name).toContain(game);
        if (owners.length === 1) expect(gameOfBoard(name), name).toBe(game);
        else expect(() => gameOfBoard(name), name).toThrow(new RegExp(`is a board of ${owners.join(', ')}: say which game`));
        named++;
      }
    }
    expect(named).toBeGreaterThan(GAME_IDS.length);
    expect(gameOfBoard('no-such-board')).toBeNull();
    expect(soleOwner('b7', ['one'])).toBe('one');
    expect(() => soleOwner('b7', ['one', 'two'])).toThrow('the board "b7" is a board of one, two: say which game');
  });

  it('only the registry imports a game\'s folder, and no game imports another', () => {
    const problems: string[] = [];
    for (const path of sourceFiles) {
      const own = gameFolderOf(path);
      const text = readFileSync(join(root, path), 'utf8');
      for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)) {
        const spec = m[1]!;
        if (!spec.startsWith('.')) continue;
        const target = relative(root, resolve(dirname(join(root, path)), spec)).split(sep).join('/');
        const game = gameFolderOf(target + (target.endsWith('/') ? '' : '/'));
        if (game === null || game === own) continue;
        if (path === REGISTRY && target === `bindings/games/${game}/index.js`) continue;
        problems.push(`${path} imports ${spec}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has no import circles (type imports, dynamic imports and AssemblyScript\'s extensionless imports count too)', () => {
    const graph = importGraph();
    expect([...graph.values()].flat().length).toBeGreaterThan(300);
    expect([...graph].filter(([file]) => file.startsWith('assembly/')).flatMap(([, targets]) => targets).length).toBeGreaterThan(250);
    expect(circles(graph)).toEqual([]);
  });

  it('no folder of bindings/ imports one that imports it back, through any others (a game\'s folders count as games/)', () => {
    const folders = folderGraph(importGraph(), 'bindings/');
    expect(folders.size).toBeGreaterThan(6);
    expect(circles(folders)).toEqual([]);
  });

  it('the folder check sees a loop between folders that no file circle shows', () => {
    const files = new Map([
      ['bindings/a/one.ts', ['bindings/b/two.ts']],
      ['bindings/b/two.ts', []],
      ['bindings/b/three.ts', ['bindings/games/x/four.ts']],
      ['bindings/games/x/four.ts', ['bindings/a/five.ts']],
      ['bindings/a/five.ts', []],
    ]);
    expect(circles(files)).toEqual([]);
    expect(circles(folderGraph(files, 'bindings/'))).toEqual([['bindings/a', 'bindings/b', 'bindings/games']]);
  });

  it('the circle check follows every kind of relative import to its file', () => {
    expect(importedFile('bindings/index.ts', './engine/engine.js')).toBe('bindings/engine/engine.ts');
    expect(importedFile('assembly/core/mcts.ts', './tree')).toBe('assembly/core/tree.ts');
    expect(importedFile('assembly/games/throngs/index.ts', '../../core/exports')).toBe('assembly/core/exports.ts');
    expect(importedFile('assembly/core/mcts.ts', './nothing')).toBeNull();
  });
});
