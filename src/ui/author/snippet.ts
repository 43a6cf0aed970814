import { scenarioById, scenarioFileName, type Scenario } from '../../model';

/**
 * Where a scenario open in the playground comes from, which decides how a page embeds it: a built-in
 * by its id; a file fetched by address by that address; anything else (a file chosen or dropped, a
 * link's, an edited draft) by the file name to put beside the page.
 */
export type ScenarioSource =
  { kind: 'built-in'; id: string } | { kind: 'url'; url: string } | { kind: 'own' };

/**
 * Where `open` comes from: a built-in as it ships with the site; the file fetched from `fetched.url`
 * while that very scenario is open; else the author's own.
 */
export function sourceOf(
  open: Scenario,
  fetched: { scenario: Scenario; url: string } | null,
): ScenarioSource {
  if (scenarioById(open.id) === open) return { kind: 'built-in', id: open.id };
  return fetched?.scenario === open ? { kind: 'url', url: fetched.url } : { kind: 'own' };
}

/** The HTML that embeds `scenario` from `source`, with the kit of the playground at `app` (its folder). */
export function embedSnippet(app: string, scenario: Scenario, source: ScenarioSource): string {
  const attribute =
    source.kind === 'built-in'
      ? `scenario="${escape(source.id)}"`
      : `scenario-url="${escape(source.kind === 'url' ? source.url : scenarioFileName(scenario))}"`;
  return [
    `<script src="${escape(new URL('embed.js', app).href)}"></script>`,
    `<harness-playground ${attribute} height="auto"></harness-playground>`,
  ].join('\n');
}

// An attribute value in double quotes: an address may hold `&` or `"`.
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The id of an author's copy of a built-in scenario: `<id>-copy`, within the format's 64 characters. */
export function copyId(id: string): string {
  return `${id.slice(0, 64 - '-copy'.length)}-copy`;
}
