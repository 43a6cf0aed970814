import { openWorkspace } from '../fs/open';
import { openSessionStore } from '../model';
import { readAddress, settledAddress, type Address } from './address';
import { App } from './app';
import { pickLang, setLang, tr } from './i18n';
import { awaitPresenter } from './presenter-open';
import { applyTheme, initialTheme } from './theme';

/**
 * Reads the address contract (`?s=<share link>`, or `?scenario=&lang=&autoplay=1&embed=1&step=N&speed=`),
 * then starts the app: what the address names, else the last session carried on, else the default.
 * An embed (`embed=1`) keeps its workspace in memory and saves no session: every load starts clean, and
 * several embeds on one page do not share files.
 */
export async function boot(root: HTMLElement, location: Location = window.location): Promise<App> {
  const address = await readAddress(location.search, document.baseURI);
  const lang = pickLang(address.lang, navigator.languages ?? [navigator.language]);
  setLang(lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  document.title = tr('appTitle');
  applyTheme(initialTheme());
  const { bad, embed, speed, policy } = address;
  const notice = bad && noticeOf(bad);
  const fs = embed ? await openWorkspace('embed', { indexedDB: null }) : await openWorkspace('playground');
  const sessions = embed ? null : await openSessionStore();
  const resume = sessions && !address.explicit ? await sessions.latest() : null;
  const app = await App.create({
    root,
    fs,
    lang,
    scenario: address.scenario,
    embed,
    sessions,
    resume,
    ...(speed ? { speed } : {}),
    ...(policy !== undefined ? { policy } : {}),
    ...(notice ? { notice } : {}),
    ...(address.plugins ? { plugins: address.plugins } : {}),
    // Autoplay runs through: the scenario makes its external edits itself.
    ...(address.autoplay ? { autoExternal: true } : {}),
    ...(address.present ? { present: true } : {}),
  });
  await app.start();
  await app.advance(address.step);
  if (address.autoplay) void app.play();
  if (embed) (await import('./embed')).connectEmbed(app);
  else history.replaceState(null, '', settledAddress(location.href, lang, app.store.get().speed));
  // A presenter view (N) follows this window and drives it; an embed has none.
  // The link to a presenter view loads when one speaks: the first load carries nothing of it.
  if (!embed)
    awaitPresenter(
      (channel, first) =>
        void import('./presenter-link').then(({ linkPresenter }) => linkPresenter(app, channel, first)),
    );
  root.dataset.ready = 'true';
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
