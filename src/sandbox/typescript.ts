// The TypeScript mode of the plugin lab: checks a visitor's plugin against the real plugin API and turns
// it into the JavaScript module the sandbox loads. The compiler (several MB) and the standard library's
// declarations are loaded on the first compile only; load this file itself with `import()`.
import type * as TS from 'typescript';
import { sourceLines } from './line-map';
import api from './plugin-api.ts?raw';

/** One problem in the visitor's source: 1-based `line` and `column`, and the offsets an editor underlines. */
export interface Diagnostic {
  line: number;
  column: number;
  from: number;
  to: number;
  /** The whole message: for the compiler's, its chain of reasons, one per line, outermost first. */
  message: string;
  /** Its first useful line: the innermost reason, with the property it concerns (see `summarize`). */
  summary: string;
  /** `TS` and the compiler's number (`TS2322`), or `PLUGIN_IMPORT` for an import the sandbox cannot load. */
  code: string;
}

/**
 * The emitted JavaScript module, or every problem found. Line n of `js` came from line `lines[n - 1]` of
 * the source: the sandbox reports runtime errors at lines of `js`.
 */
export type CompileResult =
  | { ok: true; js: string; lines: number[]; diagnostics?: never }
  | { ok: false; diagnostics: Diagnostic[]; js?: never; lines?: never };

const PLUGIN = '/plugin.ts';
const CHECK = '/check.ts';
const LIB_DIR = '/lib';
const MODULE = '/node_modules/harness-playground/index.d.ts';

/** The API without `export`: the same declarations as globals, so a visitor needs no import. */
const globals = `${api.replace(/^export (?=interface|type)/gm, '')}
/** The guest's console: each call records one line for the plugin console. */
declare var console: PluginConsole;
`;

// Checks the module's exports as a whole: a missing name, a hook of the wrong type.
const check = `import type { PluginModule } from 'harness-playground';
import * as plugin from './plugin';
export const checked: PluginModule = plugin;
`;

function compilerOptions(ts: typeof TS): TS.CompilerOptions {
  return {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ES2022,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    // Every file is a module, so a plugin without exports is told what it lacks.
    moduleDetection: ts.ModuleDetectionKind.Force,
    lib: ['lib.es2022.d.ts'],
    types: [],
    isolatedModules: true,
    skipLibCheck: true,
    noEmit: false,
    sourceMap: true,
    newLine: ts.NewLineKind.LineFeed,
  };
}

/** The compiler, the files every compile shares, and their parsed source files. */
interface Compiler {
  ts: typeof TS;
  options: TS.CompilerOptions;
  files: Map<string, string>;
  parsed: Map<string, TS.SourceFile>;
  previous?: TS.Program;
}

let loading: Promise<Compiler> | undefined;

async function load(): Promise<Compiler> {
  const [mod, { libs }] = await Promise.all([import('typescript'), import('./typescript-libs')]);
  const ts = (mod as { default?: typeof TS }).default ?? mod;
  const files = new Map<string, string>([
    ['/globals.d.ts', globals],
    [MODULE, api],
    [CHECK, check],
  ]);
  // The guest has the ES2022 built-ins and nothing of a browser's: no DOM, timers or fetch.
  for (const [path, text] of Object.entries(libs)) {
    files.set(`${LIB_DIR}/${path.slice(path.lastIndexOf('/') + 1)}`, text);
  }
  return { ts, options: compilerOptions(ts), files, parsed: new Map() };
}

/** Loads the compiler once per page; a failed download is tried again on the next compile. */
function compiler(): Promise<Compiler> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * Type-checks a visitor's plugin written in TypeScript against the plugin API (src/sandbox/plugin-api.ts,
 * available as globals and as `import type {…} from 'harness-playground'`) and the ES2022 library, and
 * checks its exports against `PluginModule`. Gives the JavaScript module the sandbox loads, or the
 * problems, each placed in `source`.
 */
export async function compilePlugin(source: string): Promise<CompileResult> {
  const c = await compiler();
  const { ts } = c;
  const program = ts.createProgram({
    rootNames: ['/globals.d.ts', PLUGIN, CHECK],
    options: c.options,
    host: memoryHost(c, source),
    ...(c.previous ? { oldProgram: c.previous } : {}),
  });
  c.previous = program;
  const file = program.getSourceFile(PLUGIN);
  const checkFile = program.getSourceFile(CHECK);
  if (!file || !checkFile) throw new Error('the compiler lost the plugin file');
  const syntax = program.getSyntacticDiagnostics(file);
  if (syntax.length) return failed(ts, file, syntax);
  const problems = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...program.getSemanticDiagnostics(file),
    ...program.getSemanticDiagnostics(checkFile),
  ];
  if (problems.length) return failed(ts, file, problems, program);
  const emitted = new Map<string, string>();
  program.emit(file, (name, text) => emitted.set(name.slice(name.lastIndexOf('.')), text));
  const js = emitted.get('.js')?.replace(/\n\/\/# sourceMappingURL=.*\n?$/, '\n');
  const map = emitted.get('.map');
  if (js === undefined || map === undefined)
    throw new Error('the compiler emitted no JavaScript for the plugin');
  const imports = ts.preProcessFile(js, true, true).importedFiles;
  if (imports.length) return { ok: false, diagnostics: imports.map((i) => importLeft(ts, file, i.fileName)) };
  return { ok: true, js, lines: sourceLines((JSON.parse(map) as { mappings: string }).mappings) };
}

function memoryHost(c: Compiler, source: string): TS.CompilerHost {
  const read = (name: string) => (name === PLUGIN ? source : c.files.get(name));
  return {
    getSourceFile: (name, version) => {
      const text = read(name);
      if (text === undefined) return undefined;
      if (name === PLUGIN) return c.ts.createSourceFile(name, text, version);
      // The libraries and the API never change: parse (and bind) them once per page.
      let parsed = c.parsed.get(name);
      if (!parsed) c.parsed.set(name, (parsed = c.ts.createSourceFile(name, text, version)));
      return parsed;
    },
    getDefaultLibFileName: () => `${LIB_DIR}/lib.es2022.d.ts`,
    getDefaultLibLocation: () => LIB_DIR,
    writeFile: () => {},
    getCurrentDirectory: () => '/',
    getCanonicalFileName: (name) => name,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    fileExists: (name) => read(name) !== undefined,
    readFile: read,
    directoryExists: (dir) => {
      const prefix = dir.endsWith('/') ? dir : `${dir}/`;
      return [PLUGIN, ...c.files.keys()].some((name) => name.startsWith(prefix));
    },
    getDirectories: () => [],
  };
}

function failed(
  ts: typeof TS,
  file: TS.SourceFile,
  diagnostics: readonly TS.Diagnostic[],
  program?: TS.Program,
): CompileResult {
  const placed = diagnostics.map((d) =>
    d.file === file
      ? at(file, d.start ?? 0, d.length ?? 0, flatten(ts, d), d.code, summarize(d.messageText))
      : elsewhere(ts, file, d, program),
  );
  placed.sort((a, b) => a.from - b.from || a.to - b.to);
  return { ok: false, diagnostics: placed };
}

function at(
  file: TS.SourceFile,
  from: number,
  length: number,
  message: string,
  code: number | string,
  summary = message,
): Diagnostic {
  const { line, character } = file.getLineAndCharacterOfPosition(from);
  const to = Math.min(from + length, file.text.length);
  return {
    line: line + 1,
    column: character + 1,
    from,
    to,
    message,
    summary,
    code: typeof code === 'number' ? `TS${code}` : code,
  };
}

const flatten = (ts: typeof TS, d: TS.Diagnostic) => ts.flattenDiagnosticMessageText(d.messageText, '\n');

/** Words the post-execute decision's types use for "content and value together". */
const BOTH = /'(?:content|value)'/;

/** Shortens the long type literals a message quotes (a union spelled out can run to a screen). */
const clip = (text: string) => text.replace(/'([^']{60,})'/g, (_, t: string) => `'${t.slice(0, 40)}…'`);

/**
 * The first useful line of a compiler message: the innermost reason of its chain (the first branch at
 * each step), after the step naming the property it concerns when there is one. A post-execute decision
 * given both `content` and `value` is said in words.
 */
export function summarize(chain: string | TS.DiagnosticMessageChain): string {
  if (typeof chain === 'string') return clip(chain);
  const steps: string[] = [];
  for (let at: TS.DiagnosticMessageChain | undefined = chain; at; at = at.next?.[0])
    steps.push(at.messageText);
  const all = steps.join('\n');
  if (all.includes('PostDecision') && BOTH.test(all) && /never|undefined/.test(all)) {
    return "a post-execute decision replaces content or value, never both: content changes only what the model reads; value changes what programs read (checked against the tool's schema, then rendered again)";
  }
  const leaf = steps.at(-1)!;
  const property = steps.findLast((s, i) => i < steps.length - 1 && /propert(?:y|ies) '/.test(s));
  return clip(property ? `${property} ${leaf}` : leaf);
}

/**
 * A problem outside the visitor's file: the check of the module's exports (placed at the offending export
 * when the compiler names it, else on line 1), or, never expected, one in the API or the options.
 */
function elsewhere(ts: typeof TS, file: TS.SourceFile, d: TS.Diagnostic, program?: TS.Program): Diagnostic {
  const text = flatten(ts, d).replace(/typeof import\("\/plugin"\)/g, 'the plugin module');
  const firstLine = file.text.search(/\r?\n|$/);
  if (d.file?.fileName !== CHECK) return at(file, 0, firstLine, `in the plugin API: ${text}`, d.code);
  const message = `the plugin module does not fit PluginModule: ${text}`;
  const declaration = program && exportNamed(ts, program, file, incompatibleProperty(d.messageText));
  if (declaration) return at(file, declaration.getStart(file), declaration.getWidth(file), message, d.code);
  return at(file, 0, firstLine, message, d.code);
}

// "The types of 'x.y' are…", "The types returned by 'x(...)' are…", "Types of property 'x' are…".
const namingSteps = new Set([2200, 2201, 2326]);

/** The export the first "types of 'x' are incompatible" step of a message chain names. */
function incompatibleProperty(chain: string | TS.DiagnosticMessageChain | undefined): string | undefined {
  if (chain === undefined || typeof chain === 'string') return undefined;
  if (namingSteps.has(chain.code)) return /'([\w$]+)/.exec(chain.messageText)?.[1];
  for (const next of chain.next ?? []) {
    const found = incompatibleProperty(next);
    if (found) return found;
  }
  return undefined;
}

/** The name of the declaration the module exports as `name`. */
function exportNamed(
  ts: typeof TS,
  program: TS.Program,
  file: TS.SourceFile,
  name?: string,
): TS.Node | undefined {
  if (!name) return undefined;
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(file);
  const symbol = module && checker.getExportsOfModule(module).find((s) => s.name === name);
  const declaration = symbol?.declarations?.[0];
  if (!declaration || declaration.getSourceFile() !== file) return undefined;
  return ts.getNameOfDeclaration(declaration as TS.Declaration) ?? declaration;
}

/** An import left in the JavaScript: the sandbox loads one module and nothing else. */
function importLeft(ts: typeof TS, file: TS.SourceFile, specifier: string): Diagnostic {
  const message = `the sandbox cannot load "${specifier}": a plugin is one module; import only types (import type {…} from 'harness-playground')`;
  const node = findSpecifier(ts, file, specifier);
  return node
    ? at(file, node.getStart(file), node.getWidth(file), message, 'PLUGIN_IMPORT')
    : at(file, 0, 0, message, 'PLUGIN_IMPORT');
}

function findSpecifier(ts: typeof TS, node: TS.Node, specifier: string): TS.Node | undefined {
  if (ts.isStringLiteralLike(node) && node.text === specifier) return node;
  return ts.forEachChild(node, (child) => findSpecifier(ts, child, specifier));
}

/** What the type checker says of the name at a position: its type or signature, and its doc comment. */
export interface QuickInfo {
  from: number;
  to: number;
  text: string;
  doc: string;
}

let service: { source: string; version: number; ls: TS.LanguageService } | null = null;

/**
 * The type at `offset` of the visitor's TypeScript `source`, as an editor's hover shows it, from the same
 * compiler and API the check uses; null where there is nothing to say. Loads the compiler on first use.
 */
export async function quickInfo(source: string, offset: number): Promise<QuickInfo | null> {
  const c = await compiler();
  const { ts } = c;
  if (!service) {
    const state = { source, version: 0 };
    const host: TS.LanguageServiceHost = {
      getScriptFileNames: () => ['/globals.d.ts', PLUGIN],
      getScriptVersion: (name) => (name === PLUGIN ? String(state.version) : '0'),
      getScriptSnapshot: (name) => {
        const text = name === PLUGIN ? state.source : c.files.get(name);
        return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
      },
      getCurrentDirectory: () => '/',
      getCompilationSettings: () => c.options,
      getDefaultLibFileName: () => `${LIB_DIR}/lib.es2022.d.ts`,
      fileExists: (name) => name === PLUGIN || c.files.has(name),
      readFile: (name) => (name === PLUGIN ? state.source : c.files.get(name)),
    };
    service = Object.assign(state, { ls: ts.createLanguageService(host) });
  }
  if (service.source !== source) {
    service.source = source;
    service.version++;
  }
  const info = service.ls.getQuickInfoAtPosition(PLUGIN, offset);
  if (!info) return null;
  return {
    from: info.textSpan.start,
    to: info.textSpan.start + info.textSpan.length,
    text: ts.displayPartsToString(info.displayParts),
    doc: ts.displayPartsToString(info.documentation),
  };
}
