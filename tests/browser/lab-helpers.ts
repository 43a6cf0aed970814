// The plugin lab as the lab's specs drive it: open it, type a plugin, press Apply.
import { expect, type Page } from '@playwright/test';
import { RUN_TIMEOUT } from './app';

/** Opens the Plugin lab tab and waits for its editor. */
export async function openLab(page: Page): Promise<void> {
  await page.locator('[role="tab"][data-tab="lab"]').click();
  await expect(page.locator('#pane-side')).toHaveAttribute('data-panel', 'lab');
  await expect(page.locator('[data-lab] .cm-content')).toBeVisible({ timeout: RUN_TIMEOUT });
}

/** Replaces the editor's text with `code`, as typed. */
export async function typeCode(page: Page, code: string): Promise<void> {
  await page.locator('[data-lab] .cm-content').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
}

/** Presses Apply and waits until the lab's status is no longer busy. */
export async function apply(page: Page): Promise<void> {
  await page.locator('[data-action="lab-apply"]').click();
  await expect(page.locator('.lab-status')).not.toHaveAttribute('data-tone', 'busy', {
    timeout: RUN_TIMEOUT,
  });
}
