// The code that runs in each fresh QuickJS context before the visitor's module. It makes the guest's
// clock and randomness deterministic, gives it a console that only records, and returns the helpers the
// engine calls. The helpers are never put on globalThis, so the guest cannot reach or replace them; it can
// still change the built-ins they use, which only spoils its own results (the host checks everything).

import { PROBE, guestHooks, guestToolFunctions } from './wire';

/** How often, in ms of the guest's run time (run-clock.ts), a loop probe makes the engine poll its interrupt handler. */
export const PROBE_POLL_MS = 4;

/** How deep a value the guest's JSON.stringify writes; deeper, it throws a RangeError (see the prelude). */
export const MAX_STRINGIFY_DEPTH = 1000;

/** The file name the prelude runs under, so its stack frames are never mapped to the visitor's lines. */
export const PRELUDE_FILE = 'sandbox:prelude';

/** The file name the visitor's module runs under. */
export const PLUGIN_FILE = 'plugin.js';

/**
 * The prelude's source: an expression of a function `(seed, now, polling, tick) => helpers` (the last
 * two are the engine's, for the loop probe). The helpers return JSON
 * text (or throw inside the guest): `run` calls a guest function and settles with its result as JSON,
 * `inspect` lists a module's exports, `describe` turns anything thrown into `{name, message, stack}`
 * without running its getters,
 * `logs` takes what the console recorded since the last time.
 */
export const PRELUDE = String.raw`(function prelude(seed, now, polling, tick) {
  'use strict';
  const RealDate = Date;
  const define = Object.defineProperty;
  const nativeStringify = JSON.stringify;
  const parse = JSON.parse;
  const imul = Math.imul;
  const isFinite = Number.isFinite;
  const construct = Reflect.construct;
  const apply = Reflect.apply;
  const ownDescriptor = Object.getOwnPropertyDescriptor;
  const protoOf = Object.getPrototypeOf;
  const ownKeys = Object.keys;
  const PromiseCtor = Promise;
  const then = Promise.prototype.then;
  const push = Array.prototype.push;
  const slice = String.prototype.slice;
  const isArray = Array.isArray;
  const arrayIncludes = Array.prototype.includes;
  const includes = (list, key) => apply(arrayIncludes, list, [key]);

  // The engine's JSON.stringify recurses on the worker's own stack, past what its stack limit sees: a value
  // nested some ten thousand levels deep crashed the engine instead of throwing. This one counts the
  // levels as it goes (the replacer is called before each value is entered, its holder on the path) and
  // throws a RangeError past ${MAX_STRINGIFY_DEPTH}, for the guest's own calls and the prelude's alike.
  const stringify = function stringify(value, replacer, space) {
    const path = [];
    const guard = function (key, v) {
      if (typeof replacer === 'function') v = apply(replacer, this, [key, v]);
      else if (isArray(replacer) && !isArray(this) && path.length > 0 && !includes(replacer, key)) return undefined;
      let depth = path.length;
      while (depth > 0 && path[depth - 1] !== this) depth--;
      if (depth === 0) path[depth++] = this;
      path.length = depth;
      if (v !== null && typeof v === 'object') {
        if (depth > ${MAX_STRINGIFY_DEPTH}) {
          throw new RangeError('JSON.stringify: the value nests deeper than ${MAX_STRINGIFY_DEPTH} levels');
        }
        path[depth] = v;
      }
      return v;
    };
    if (!isArray(replacer)) return apply(nativeStringify, JSON, [value, guard, space]);
    // A list of keys also orders them: check the depth with it, then let the engine write the text.
    apply(nativeStringify, JSON, [value, guard]);
    return apply(nativeStringify, JSON, [value, replacer, space]);
  };
  define(JSON, 'stringify', { value: stringify, writable: true, configurable: true });

  const FixedDate = function Date(...args) {
    if (!new.target) return new RealDate(now).toString();
    return construct(RealDate, args.length === 0 ? [now] : args, new.target);
  };
  FixedDate.prototype = RealDate.prototype;
  FixedDate.UTC = RealDate.UTC;
  FixedDate.parse = RealDate.parse;
  FixedDate.now = () => now;
  define(RealDate.prototype, 'constructor', { value: FixedDate, writable: true, configurable: true });
  define(globalThis, 'Date', { value: FixedDate, writable: true, configurable: true });

  // mulberry32: small, fast and good enough for a deterministic Math.random.
  let state = seed >>> 0;
  define(Math, 'random', {
    value: function random() {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = imul(t ^ (t >>> 15), t | 1);
      t ^= t + imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
    writable: true,
    configurable: true,
  });

  // The loop probe (see loops.ts): every so often (\`tick\` says when: about four times a ms of running)
  // lets the engine look at its clock (run-clock.ts) and, when \`tick\` says so (every ${PROBE_POLL_MS} ms of
  // running, and past the deadline), runs 10,001 empty steps, which makes the engine poll its interrupt
  // handler: a deadline or a memory limit passed then stops the guest here, with the loop's frame
  // positioned at the loop. It tells the host while it does (\`polling\`), so that a deadline met by the
  // engine's own poll elsewhere in the loop, where no position is known, waits for it a moment. The guest
  // can neither replace it nor reach its state.
  let left = 1;
  define(globalThis, '${PROBE}', {
    value: function probe() {
      if (--left > 0) return;
      const next = tick();
      left = next < 0 ? -next : next;
      if (next < 0) {
        polling(true);
        for (let i = 0; i < 10001; i++);
        polling(false);
      }
    },
    writable: false,
    configurable: false,
    enumerable: false,
  });

  let lines = [];
  let dropped = 0;
  const text = (value) => {
    try {
      if (typeof value === 'string') return value;
      if (typeof value === 'symbol' || typeof value === 'function') return typeof value;
      if (typeof value !== 'object' || value === null) return '' + value;
      const json = stringify(value);
      return json === undefined ? '[object]' : json;
    } catch (e) {
      return '[unprintable]';
    }
  };
  const record = (level) => function (...args) {
    if (lines.length >= 100) { dropped++; return; }
    let line = level === 'log' ? '' : level + ': ';
    for (let i = 0; i < args.length && line.length < 500; i++) line += (i ? ' ' : '') + text(args[i]);
    push.call(lines, line.length > 500 ? slice.call(line, 0, 499) + '…' : line);
  };
  const console = {};
  for (const level of ['log', 'info', 'warn', 'error', 'debug']) console[level] = record(level);
  define(globalThis, 'console', { value: console, writable: true, configurable: true });

  // Strict JSON: what JSON.stringify would drop or bend silently (a function, NaN) is an error here.
  const strict = (key, value) => {
    if (typeof value === 'number' && !isFinite(value)) throw new TypeError(value + ' is not a JSON number');
    if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') {
      throw new TypeError('a ' + typeof value + ' is not JSON');
    }
    return value;
  };
  const toJson = (value) => {
    const json = value === undefined ? undefined : stringify(value, strict);
    return json === undefined ? 'null' : json;
  };

  const own = (object, key) => {
    for (let o = object; o !== null && typeof o === 'object' || typeof o === 'function'; o = protoOf(o)) {
      const d = ownDescriptor(o, key);
      if (d) return 'value' in d ? d.value : undefined;
    }
    return undefined;
  };
  function describe(thrown) {
    try {
      if (thrown === null || (typeof thrown !== 'object' && typeof thrown !== 'function')) {
        const kind = typeof thrown === 'string' ? 'a string' : 'the value';
        return stringify({ name: '', message: 'threw ' + kind + ' (not an Error): ' + text(thrown), stack: '' });
      }
      // Read through descriptors, so a getter on the thrown object never runs.
      const name = own(thrown, 'name');
      const message = own(thrown, 'message');
      const stack = own(thrown, 'stack');
      const isError = typeof message === 'string' || typeof stack === 'string';
      const keys = isError ? [] : ownKeys(thrown);
      return stringify({
        name: typeof name === 'string' ? slice.call(name, 0, 100) : '',
        message: isError
          ? slice.call(typeof message === 'string' ? message : '', 0, 2000)
          : 'threw an object (not an Error) with the keys: ' + slice.call(keys.join(', '), 0, 500),
        stack: typeof stack === 'string' ? slice.call(stack, 0, 4000) : '',
      });
    } catch (e) {
      return stringify({ name: '', message: 'threw a value that cannot be described', stack: '' });
    }
  }

  const kindOf = (value) => (value === null ? 'null' : typeof value);
  function inspect(ns) {
    const exports = {};
    const name = ns.name;
    exports.name = typeof name === 'string' ? name : null;
    exports.nameType = kindOf(name);
    for (const key of ${JSON.stringify(guestHooks)}) {
      exports[key] = kindOf(ns[key]);
    }
    const tool = ns.tool;
    if (tool !== undefined) {
      if (tool === null || typeof tool !== 'object') throw new TypeError('the export "tool" must be an object');
      const fns = [];
      for (const key of ${JSON.stringify(guestToolFunctions)}) {
        if (typeof tool[key] === 'function') push.call(fns, 'tool.' + key);
        else if (tool[key] !== undefined) throw new TypeError('tool.' + key + ' must be a function');
      }
      exports.tool = {
        name: tool.name,
        description: tool.description,
        inputSchema: parse(toJson(tool.inputSchema === undefined ? {} : tool.inputSchema)),
        functions: fns,
      };
      if (tool.paths !== undefined) exports.tool.paths = parse(toJson(tool.paths));
    }
    return stringify(exports);
  }

  // Calls the function now, so a sync throw (and the deadline) leaves with its stack, then settles with
  // one string: '1' + the result as JSON, '2' + why the result is not JSON, or '0' + the rejection.
  function run(ns, fn, argsJson) {
    const dot = fn.indexOf('.');
    const target = dot < 0 ? ns : ns.tool;
    const method = dot < 0 ? fn : slice.call(fn, dot + 1);
    const value = apply(target[method], target, parse(argsJson));
    const returned = (result) => {
      try {
        return '1' + toJson(result);
      } catch (e) {
        return '2' + describe(e);
      }
    };
    const threw = (e) => '0' + describe(e);
    return apply(then, new PromiseCtor((settle) => settle(value)), [returned, threw]);
  }

  function logs() {
    const out = dropped ? [...lines, '(' + dropped + ' more lines dropped)'] : lines;
    lines = [];
    dropped = 0;
    return stringify(out);
  }

  return { run, inspect, describe, logs };
})`;
