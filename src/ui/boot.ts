import { openWorkspace } from '../fs/open';
import { scenarioById, scenarios } from '../model';
import { App, speeds, type Speed } from './app';
import { pickLang, setLang, tr } from './i18n';
import { applyTheme, initialTheme } from './theme';

/** Reads the address contract (`?scenario=&lang=&autoplay=1&embed=1&step=N&speed=`), then starts the app. */
export async function boot(root: HTMLElement, location: Location = window.location): Promise<App> {
  const params = new URLSearchParams(location.search);
  const lang = pickLang(params.get('lang'), navigator.languages ?? [navigator.language]);
  setLang(lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  document.title = tr('appTitle');
  applyTheme(initialTheme());
  const wanted = params.get('scenario');
  const scenario = (wanted && scenarioById(wanted)) || scenarios[0]!;
  const notice = wanted && !scenarioById(wanted) ? tr('badLink', { why: `scenario "${wanted}"` }) : undefined;
  const speed = params.get('speed');
  const fs = await openWorkspace('playground');
  const app = new App({
    root,
    fs,
    lang,
    scenario,
    embed: params.get('embed') === '1',
    ...(speed && speed in speeds ? { speed: speed as Speed } : {}),
    ...(notice ? { notice } : {}),
  });
  await app.start();
  const steps = Number(params.get('step'));
  for (let i = 0; Number.isInteger(steps) && i < Math.min(steps, 10_000) && !app.pg.done; i++)
    await app.step();
  if (params.get('autoplay') === '1') void app.play();
  root.dataset.ready = 'true';
  return app;
}
