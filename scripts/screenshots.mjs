// Takes the README's screenshots of the built site: light and dark, English and Chinese, phone width.
// Usage: npm run screenshots (builds first). Writes docs/*.png.
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './find-chromium.mjs';
import { APP_PATH, serve } from './serve.mjs';

const shots = [
  { name: 'main-light-en', lang: 'en', scheme: 'light', width: 1360, height: 900, scenario: 'stale-version' },
  { name: 'main-dark-en', lang: 'en', scheme: 'dark', width: 1360, height: 900, scenario: 'truncation' },
  { name: 'main-light-zh', lang: 'zh', scheme: 'light', width: 1360, height: 900, scenario: 'stale-version' },
  { name: 'phone-en', lang: 'en', scheme: 'light', width: 375, height: 780, scenario: 'happy-path' },
  {
    name: 'phone-dark-zh',
    lang: 'zh',
    scheme: 'dark',
    width: 375,
    height: 780,
    scenario: 'edit-before-read',
  },
  // The plugin lab: an example loaded in one click and run, its console filled. At 1280 px the lab is a
  // workspace beside the transcript: editor, status line and console in view without scrolling.
  {
    name: 'present-en',
    lang: 'en',
    scheme: 'light',
    width: 1280,
    height: 720,
    scenario: 'stale-version',
    present: true,
  },
  // Predict, then reveal: the lesson's question as the whole stage, and the presenter's window beside it.
  {
    name: 'ask-present-en',
    lang: 'en',
    scheme: 'light',
    width: 1280,
    height: 720,
    scenario: 'stale-version',
    ask: true,
  },
  {
    name: 'presenter-en',
    lang: 'en',
    scheme: 'light',
    width: 1280,
    height: 720,
    scenario: 'stale-version',
    ask: true,
    presenter: true,
  },
  // 1280×720 at 150 % zoom: the compact stage, the transcript scrolling under the controls and ledger.
  {
    name: 'present-150pct-en',
    lang: 'en',
    scheme: 'light',
    width: 853,
    height: 480,
    scale: 1.5,
    scenario: 'stale-version',
    present: true,
  },
  {
    name: 'present-dark-zh',
    lang: 'zh',
    scheme: 'dark',
    width: 1280,
    height: 720,
    scenario: 'stale-version',
    present: true,
  },
  // A phone with touch, the script waiting for the edit: the bar of run controls and the banner above it.
  {
    name: 'phone-waiting-en',
    lang: 'en',
    scheme: 'light',
    width: 375,
    height: 812,
    scale: 2,
    touch: true,
    scenario: 'stale-version',
    waiting: true,
  },
  { name: 'lab-light-en', lang: 'en', scheme: 'light', width: 1280, height: 800, lab: 'redact-content' },
  { name: 'lab-dark-zh', lang: 'zh', scheme: 'dark', width: 1280, height: 800, lab: 'deny-secrets' },
  { name: 'lab-phone-en', lang: 'en', scheme: 'light', width: 375, height: 780, lab: 'first-wins' },
  { name: 'lab-phone-zh', lang: 'zh', scheme: 'light', width: 375, height: 780, lab: 'redact-value' },
];

/**
 * The lesson stopped at its question in presentation mode (`?step=` of the ask); with `presenter`, the
 * presenter view that N opens beside it, which is the picture then.
 */
async function askShot(page, port, shot, context) {
  const step = shot.scenario === 'stale-version' ? 4 : 2;
  await page.goto(
    `http://127.0.0.1:${port}${APP_PATH}?scenario=${shot.scenario}&lang=${shot.lang}&speed=instant&present=1&step=${step}`,
  );
  await page.waitForSelector('#app[data-asking="true"]');
  let target = page;
  if (shot.presenter) {
    const opened = context.waitForEvent('page');
    await page.keyboard.press('n');
    target = await opened;
    await target.setViewportSize({ width: shot.width, height: shot.height });
    await target.waitForSelector('[data-presenter="ask"]:not([hidden])');
  }
  await target.evaluate(() => document.fonts.ready);
  await target.waitForTimeout(300);
  await target.screenshot({ path: `docs/${shot.name}.png`, fullPage: false });
  console.log(`docs/${shot.name}.png`);
}

const only = process.argv.slice(2);
const server = await serve({ port: 0 });
const { port } = server.address();
const browser = await chromium.launch({
  executablePath: findChromium()?.path,
  args: [...CHROMIUM_ARGS],
});
try {
  for (const shot of shots.filter((s) => only.length === 0 || only.includes(s.name))) {
    const context = await browser.newContext({
      viewport: { width: shot.width, height: shot.height },
      ...(shot.scale ? { deviceScaleFactor: shot.scale } : {}),
      ...(shot.touch ? { hasTouch: true, isMobile: true } : {}),
      colorScheme: shot.scheme,
      locale: shot.lang === 'zh' ? 'zh-CN' : 'en-US',
    });
    const page = await context.newPage();
    const scenario = shot.scenario ?? 'happy-path';
    if (shot.ask) {
      await askShot(page, port, shot, context);
      await context.close();
      continue;
    }
    await page.goto(
      `http://127.0.0.1:${port}${APP_PATH}?scenario=${scenario}&lang=${shot.lang}&speed=instant`,
    );
    await page.waitForSelector('#app[data-ready="true"]');
    if (shot.lab) {
      await page.click('[role="tab"][data-tab="lab"]');
      await page.click(`[data-example="${shot.lab}"]`);
      await page.waitForSelector('.lab-status[data-tone="ok"]', { timeout: 60_000 });
    }
    // Approval prompts (the ask example) are answered, approving each; where Play pauses for the
    // scripted external edit, the button is pressed and Play again, as a teacher would; a lesson's
    // question is revealed, and Play goes on.
    const answering = setInterval(() => {
      page.click('dialog[data-dialog="approval"] [data-action="approve"]', { timeout: 100 }).catch(() => {});
      if (shot.waiting) return;
      page.click('#app[data-waiting="true"] [data-action="external"]', { timeout: 100 }).catch(() => {});
      page
        .evaluate(() => {
          const app = window.playground;
          if (app.asking) void app.reveal().then(() => app.play());
        })
        .catch(() => {});
      page
        .click(
          '#app[data-run-state="paused"][data-waiting="false"][data-asking="false"] [data-action="play"]',
          {
            timeout: 100,
          },
        )
        .catch(() => {});
    }, 200);
    await page.evaluate(() => window.playground.play());
    await page.waitForSelector(`#app[data-${shot.waiting ? 'waiting="true"' : 'run-state="done"'}]`, {
      timeout: 60_000,
    });
    clearInterval(answering);
    if (shot.lab) {
      await page.click('.lab-call summary');
      // On a phone the lab is its own view: scroll it to the status line; wide, all of it is in view.
      if (shot.width < 760) await page.locator('.lab-status').scrollIntoViewIfNeeded();
      else await page.evaluate(() => window.scrollTo(0, 0));
    }
    if (shot.present) {
      await page.click('[data-action="present"]');
      await page.waitForSelector('#app[data-present="true"]');
    }
    if (shot.scenario === 'stale-version' && !shot.waiting) {
      // The lesson's moment at the top of the screen: the external edit, then the edit it makes stale.
      await page.waitForTimeout(800);
      await page
        .locator('[data-entry="external"]')
        .first()
        .evaluate((el) => {
          // In presentation mode the transcript scrolls in its own pane, below the header and banners.
          const pane = document.querySelector('.pane.transcript');
          if (pane && getComputedStyle(pane).overflowY === 'auto') {
            pane.scrollTop += el.getBoundingClientRect().top - pane.getBoundingClientRect().top - 12;
            return;
          }
          const header = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
          const banners = document.querySelector('.banners')?.getBoundingClientRect().height ?? 0;
          window.scrollBy(0, el.getBoundingClientRect().top - header - banners - 12);
        });
    }
    // Fonts (the CJK ones are large) and the lazily loaded highlighter must be in before the picture.
    await page.evaluate(() => document.fonts.ready);
    // Only the cards on screen count: the others are coloured as they come near it.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.card-read')].every((card) => {
        const box = card.getBoundingClientRect();
        const shown = box.bottom > 0 && box.top < window.innerHeight;
        return (
          !shown ||
          !/\.(m?[jt]sx?|json|py|md|css)$/i.test(card.querySelector('.path')?.textContent ?? '') ||
          card.querySelector('[class^="tok-"]')
        );
      }),
    );
    await page.waitForTimeout(300);
    await page.screenshot({ path: `docs/${shot.name}.png`, fullPage: false });
    console.log(`docs/${shot.name}.png`);
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
