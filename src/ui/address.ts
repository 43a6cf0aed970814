import {
  ANY_VISITOR_TOOL,
  decodeShare,
  fetchScenario,
  parseScenarioObject,
  scenarioById,
  scenarioPolicyIds,
  scenarios,
  type LabPlugin,
  type LinkCode,
  type Scenario,
  type ScenarioError,
  type ScenarioPolicyId,
} from '../model';
import { speeds, type Speed } from './state';

/** The parameters that say what to open; once it is open, the full app drops them (see `settledAddress`). */
const OPENERS = ['s', 'scenario', 'scenario-url', 'step', 'autoplay', 'policy'];
/** More steps than any scenario has; a larger `step` is cut to this. */
const MAX_STEP = 10_000;

/** What an address asks for, read from `?s=` (a share link) or the plain parameters. */
export interface Address {
  scenario: Scenario;
  /** The address names what to open (a link, `scenario`, `step`, `autoplay`): start it, resume nothing. */
  explicit: boolean;
  embed: boolean;
  autoplay: boolean;
  /** Presentation mode (`present=1`). */
  present: boolean;
  /** An embed whose host sends the scenario (`hold=1`): it shows nothing until the host's `load`. */
  hold: boolean;
  /** An embed's theme (`theme=light|dark`); `auto` (the system's) otherwise. */
  theme: 'auto' | 'light' | 'dark';
  /** Script steps to take at once. */
  step: number;
  /** The language asked for (`?lang=` or the link's); null leaves it to the browser. */
  lang: string | null;
  speed?: Speed;
  policy?: boolean;
  /** The policy to run under (`?policy=<id>`), in place of the scenario's own. */
  edits?: ScenarioPolicyId;
  /** A `?policy=` that names no policy: the scenario opens under its own, and a notice says so. */
  unknownPolicy?: string;
  /** Plugin code a share link carries: shown in the lab, run only when the visitor presses Run. */
  plugins?: LabPlugin[];
  /** The absolute address `scenario` was fetched from (`?scenario-url=`), when it was. */
  scenarioUrl?: string;
  /** Why the address could not be followed; the default scenario opens instead. */
  bad?: { code: LinkCode } | { scenario: string } | { refused: ScenarioError };
}

const stepOf = (raw: string | null): number => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? Math.min(n, MAX_STEP) : 0;
};

/**
 * Reads the address contract: `?s=<share link>`, else `?scenario=<id>&lang=en|zh&autoplay=1&embed=1&
 * step=<n>&speed=<name>&policy=<policy id>`. A share link's fields win over the plain parameters it sits beside.
 */
export async function readAddress(search: string, base = 'http://localhost/'): Promise<Address> {
  const params = new URLSearchParams(search);
  const speed = params.get('speed');
  const address: Address = {
    scenario: scenarios[0]!,
    explicit: OPENERS.some((name) => params.has(name)),
    embed: params.get('embed') === '1',
    autoplay: params.get('autoplay') === '1',
    present: params.get('present') === '1',
    hold: params.get('hold') === '1',
    theme: themeOf(params.get('theme')),
    step: stepOf(params.get('step')),
    lang: params.get('lang'),
    ...(speed && speed in speeds ? { speed: speed as Speed } : {}),
    ...policyOf(params.get('policy')),
  };
  const token = params.get('s');
  if (token !== null) {
    const link = await decodeShare(token);
    if (!link.ok) return { ...address, step: 0, autoplay: false, bad: { code: link.error.code } };
    const scenario = linkScenario(
      link.value.scenario,
      link.value.custom,
      Boolean(link.value.plugins?.length),
    );
    if (!scenario) return { ...address, step: 0, autoplay: false, bad: { scenario: link.value.scenario } };
    const { lang, speed: linkSpeed, policy, step, plugins, edits } = link.value;
    const chosen = edits ? { edits } : {};
    // The run the link shows needs its plugins, and they wait for Run: so no steps are taken before.
    if (plugins?.length)
      return {
        ...address,
        scenario,
        lang,
        speed: linkSpeed,
        policy,
        ...chosen,
        step: 0,
        autoplay: false,
        plugins,
      };
    return { ...address, scenario, lang, speed: linkSpeed, policy, ...chosen, step };
  }
  const url = params.get('scenario-url');
  if (url !== null) {
    // Fetched with CORS and without credentials; a refusal opens the default scenario, saying why.
    const read = await fetchScenario(url, { base });
    if (!read.ok) return { ...address, step: 0, autoplay: false, bad: { refused: read.error } };
    return { ...address, scenario: read.value, scenarioUrl: new URL(url, base).href };
  }
  const wanted = params.get('scenario');
  if (wanted === null) return address;
  const scenario = scenarioById(wanted);
  if (!scenario) return { ...address, step: 0, autoplay: false, bad: { scenario: wanted } };
  return { ...address, scenario };
}

const policyOf = (raw: string | null): Pick<Address, 'edits' | 'unknownPolicy'> => {
  if (raw === null) return {};
  const known = scenarioPolicyIds.find((id) => id === raw);
  return known ? { edits: known } : { unknownPolicy: raw };
};

const themeOf = (raw: string | null): Address['theme'] => (raw === 'light' || raw === 'dark' ? raw : 'auto');

/**
 * The scenario a link names: a built-in by id, or the scenario of the visitor's own it carries; with
 * plugin code (`plugins`), its calls may name the tools the plugins add.
 */
function linkScenario(id: string, custom: unknown, plugins: boolean): Scenario | undefined {
  if (custom === undefined) return scenarioById(id);
  const read = parseScenarioObject(custom, plugins ? { tools: ANY_VISITOR_TOOL } : {});
  return read.ok && read.value.id === id ? read.value : undefined;
}

/**
 * The address once it has been opened: without the parameters that said what to open, so a reload
 * carries on the saved session instead of starting over, and with the language and speed in use.
 */
export function settledAddress(href: string, lang: string, speed: Speed): string {
  const url = new URL(href);
  const fromLink = url.searchParams.has('s');
  for (const name of OPENERS) url.searchParams.delete(name);
  if (fromLink || url.searchParams.has('lang')) url.searchParams.set('lang', lang);
  if (fromLink) url.searchParams.set('speed', speed);
  return url.toString();
}
