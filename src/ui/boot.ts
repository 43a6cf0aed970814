import { openWorkspace } from '../fs/open';
import { scenarioPolicyIds } from '../model/scenario-names';
import { readAddress, settledAddress, type Address } from './address';
import { App } from './app';
import { openArena } from './arena-open';
import { pickLang, showLang, speakFrom, tr } from './i18n';
import { awaitPresenter } from './presenter-open';
import { openStorage, type PageStorage } from '../storage';
import { applyTheme, initialTheme } from './theme';

/**
 * Reads the address contract (`?s=<share link>`, or `?scenario=&lang=&autoplay=1&embed=1&step=N&speed=`),
 * then starts the app: what the address names, else the last session carried on, else the default.
 * An embed (`embed=1`) keeps its workspace in memory and saves no session: every load starts clean, and
 * several embeds on one page do not share files. Storage that does not answer within 3 s leaves the page
 * in memory (see `openStorage`); it starts all the same.
 */
export async function boot(root: HTMLElement, location: Location = window.location): Promise<App> {
  const address = await readAddress(location.search, document.baseURI);
  const lang = pickLang(address.lang, navigator.languages ?? [navigator.language]);
  // Until the app's store holds it, the page speaks the language it starts in.
  speakFrom(() => lang);
  showLang(false);
  const { bad, embed, speed, policy } = address;
  // An embed takes the host's theme and remembers nothing; its error stands in place of the app.
  if (embed) (await import('./embed-view')).applyEmbedTheme(address.theme);
  else applyTheme(initialTheme());
  const notice = embed ? undefined : bad ? noticeOf(bad) : policyNotice(address.unknownPolicy);
  const storage: PageStorage = embed
    ? {
        fs: await openWorkspace('embed', { indexedDB: null }),
        sessions: null,
        kept: null,
        unavailable: null,
        later: null,
      }
    : await openStorage();
  const { fs, sessions } = storage;
  const resume = sessions && !address.explicit ? await sessions.latest() : null;
  const app = await App.create({
    root,
    fs,
    lang,
    scenario: address.scenario,
    ...(address.scenarioUrl ? { scenarioUrl: address.scenarioUrl } : {}),
    embed,
    sessions,
    resume,
    kept: storage.kept,
    storage: storage.unavailable,
    ...(speed ? { speed } : {}),
    ...(policy !== undefined ? { policy } : {}),
    ...(address.edits ? { edits: address.edits } : {}),
    ...(notice ? { notice } : {}),
    ...(address.plugins ? { plugins: address.plugins } : {}),
    // Autoplay runs through: the scenario makes its external edits itself.
    ...(address.autoplay ? { autoExternal: true } : {}),
    ...(address.present ? { present: true } : {}),
  });
  await app.start();
  // The live page has taken the first view's place (see first-view.ts).
  delete root.dataset.firstView;
  await app.advance(address.step);
  // A held embed plays what its host sends, when the host says play (the kit sends load, then play):
  // autoplay there only lets the scenario make its own edits.
  if (address.autoplay && !address.hold) void app.play();
  if (!embed && new URLSearchParams(location.search).get('arena') === '1') void openArena(app);
  if (embed) {
    const { connectEmbed, embedErrorOf } = await import('./embed');
    connectEmbed(app, { root, hold: address.hold, ...(bad ? { error: embedErrorOf(bad) } : {}) });
  } else history.replaceState(null, '', settledAddress(location.href, lang, app.store.get().speed));
  // A presenter view (N) follows this window and drives it; an embed has none.
  // The link to a presenter view loads when one speaks: the first load carries nothing of it.
  if (!embed)
    awaitPresenter(
      (channel, first) =>
        void import('./presenter-link').then(({ linkPresenter }) => linkPresenter(app, channel, first)),
    );
  root.dataset.ready = 'true';
  // Storage that answers after all: the page stays in memory (nothing done here moves), and says so.
  void storage.later?.then(() => app.store.set({ storage: 'late' }));
  return app;
}

/** What the visitor is told when the address could not be followed, with its code when it has one. */
function noticeOf(bad: NonNullable<Address['bad']>): { text: string; code?: string } {
  if ('refused' in bad) {
    return { text: tr('scenarioRefused', { why: bad.refused.message }), code: bad.refused.code };
  }
  if ('code' in bad) return { text: tr('badLink', { why: tr(bad.code) }), code: bad.code };
  return { text: tr('badLink', { why: `scenario "${bad.scenario}"` }) };
}

/** The notice for a `?policy=` that names no policy, listing those that are; undefined without one. */
function policyNotice(raw: string | undefined): { text: string; code: string } | undefined {
  if (raw === undefined) return undefined;
  return {
    text: tr('policyUnknown', { id: raw, ids: scenarioPolicyIds.join(', ') }),
    code: 'SCENARIO_UNKNOWN_POLICY',
  };
}
