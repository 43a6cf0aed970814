import { checkModelSettings, type ModelSettings, type ProviderName, type SettingsProblem } from '../model';
import type { ModelSettingsStore } from '../storage';
import { endpointOf, modelPresets, presetFor, withOrigin, type ModelPreset } from '../providers';
import { h } from './dom';
import { lang, tr } from './i18n';
import './styles/model.css';

/** What the settings dialog needs. */
export interface ModelDialogSpec {
  /** Where the settings are read from and, on "Use this model", kept (the key as the store keeps it). */
  settings: ModelSettingsStore;
  /** This page's origin, for the CORS notes (default: `location.origin`). */
  origin?: string;
}

type Field = SettingsProblem['field'];

/** One labelled input with its hint and the place its error shows. */
function field(id: Field, label: string, input: HTMLInputElement | HTMLSelectElement, hint?: HTMLElement) {
  const error = h('p', { class: 'model-field-error', id: `model-${id}-error`, 'data-model-field-error': id });
  error.hidden = true;
  input.id = `model-${id}`;
  input.setAttribute('data-field', id);
  input.setAttribute('aria-describedby', [hint?.id, error.id].filter(Boolean).join(' '));
  const row = h('div', { class: 'model-field' }, h('label', { for: input.id }, label), input, hint, error);
  return { row, input, error };
}

/** A preset's button and, beside it, what its server needs so that this page may reach it. */
function presetItem(preset: ModelPreset, origin: string, choose: (p: ModelPreset) => void) {
  const note = withOrigin(preset.cors, origin)[lang()];
  const id = `model-preset-${preset.id}`;
  const button = h(
    'button',
    {
      type: 'button',
      'data-preset': preset.id,
      'aria-pressed': 'false',
      'aria-describedby': id,
      onclick: () => choose(preset),
    },
    preset.label,
  );
  return {
    button,
    item: h(
      'li',
      { class: 'model-preset' },
      button,
      h(
        'div',
        { class: 'model-preset-notes', id },
        h('p', { 'data-preset-cors': preset.id }, note),
        h('p', { class: 'muted' }, preset.key[lang()]),
      ),
    ),
  };
}

/**
 * Opens the "Bring your own model" dialog: the presets with the CORS set-up each needs, the labelled fields
 * Provider, Base URL, Model and API key, "Remember in this tab", and the plain words that the key stays in
 * this tab and goes only to the base URL. "Use this model" checks the fields (the first one at fault shows
 * its error and takes focus), keeps them in `spec.settings` and resolves with the settings; Cancel, Escape
 * or closing resolves with null. The dialog is removed from the page once closed, the key field with it.
 */
export function openModelDialog(spec: ModelDialogSpec): Promise<ModelSettings | null> {
  const origin = spec.origin ?? location.origin;
  const stored = spec.settings.get();
  const first = stored.info ?? modelPresets[0]!;
  const provider = h(
    'select',
    {},
    h('option', { value: 'openai' }, tr('modelProviderOpenai')),
    h('option', { value: 'anthropic' }, tr('modelProviderAnthropic')),
  );
  provider.value = first.provider;
  const baseHint = h('p', { class: 'muted', id: 'model-baseUrl-hint' });
  const endpoint = h('p', { class: 'model-endpoint', id: 'model-endpoint', 'data-model-endpoint': '' });
  const baseUrl = h('input', { type: 'url', value: first.baseUrl, spellcheck: 'false', autocomplete: 'off' });
  const model = h('input', { type: 'text', value: first.model, spellcheck: 'false', autocomplete: 'off' });
  const keyHint = h('p', { class: 'muted', id: 'model-key-hint' });
  const key = h('input', { type: 'password', spellcheck: 'false', autocomplete: 'off' });
  // The property, not the attribute: the key must not appear in the page's markup.
  key.value = stored.key;
  const remember = h('input', { type: 'checkbox', id: 'model-remember', 'data-field': 'remember' });
  remember.checked = stored.remember;
  const fields = {
    provider: field('provider', tr('modelProvider'), provider),
    baseUrl: field('baseUrl', tr('modelBaseUrl'), baseUrl, baseHint),
    model: field('model', tr('modelName'), model),
    key: field('key', tr('modelKey'), key, keyHint),
  };
  fields.baseUrl.row.append(endpoint);
  const presets = modelPresets.map((p) =>
    presetItem(p, origin, (chosen) => {
      provider.value = chosen.provider;
      baseUrl.value = chosen.baseUrl;
      model.value = chosen.model;
      refresh();
      baseUrl.focus();
    }),
  );
  const refresh = () => {
    baseHint.textContent = tr(
      provider.value === 'anthropic' ? 'modelBaseUrlAnthropic' : 'modelBaseUrlOpenai',
    );
    const active = presetFor(baseUrl.value.trim());
    for (const { button } of presets)
      button.setAttribute('aria-pressed', String(button.dataset.preset === active?.id));
    keyHint.textContent = active && !active.keyNeeded ? tr('modelKeyOptional') : '';
    const checked = checkModelSettings({
      provider: provider.value,
      baseUrl: baseUrl.value,
      model: 'm',
      key: 'k',
    });
    endpoint.textContent =
      checked.ok || checked.error.field !== 'baseUrl'
        ? tr('modelEndpoint', {
            endpoint: endpointOf({
              provider: provider.value as ProviderName,
              baseUrl: checked.value?.baseUrl ?? baseUrl.value.trim(),
            }),
          })
        : '';
  };
  for (const input of [provider, baseUrl]) input.addEventListener('input', refresh);
  refresh();

  return new Promise((resolve) => {
    let answer: ModelSettings | null = null;
    const showError = (problem: SettingsProblem | null) => {
      for (const f of Object.values(fields)) {
        f.error.hidden = true;
        f.error.textContent = '';
        f.input.removeAttribute('aria-invalid');
      }
      if (!problem) return;
      const at = fields[problem.field];
      at.error.hidden = false;
      at.error.textContent = problem.message;
      at.input.setAttribute('aria-invalid', 'true');
      at.input.focus();
    };
    const use = () => {
      const checked = checkModelSettings({
        provider: provider.value,
        baseUrl: baseUrl.value,
        model: model.value,
        key: key.value,
      });
      if (!checked.ok) return showError(checked.error);
      spec.settings.use(checked.value, remember.checked);
      answer = checked.value;
      dialog.close();
    };
    const dialog: HTMLDialogElement = h(
      'dialog',
      { class: 'gallery model-dialog', 'data-dialog': 'model', 'aria-labelledby': 'model-dialog-title' },
      h(
        'header',
        {},
        h('h2', { id: 'model-dialog-title' }, tr('modelDialogTitle')),
        h('button', { type: 'button', class: 'ghost', onclick: () => dialog.close() }, tr('close')),
      ),
      h('p', {}, tr('modelIntro')),
      h(
        'fieldset',
        { class: 'model-presets' },
        h('legend', {}, tr('modelPresets')),
        h(
          'ul',
          {},
          presets.map((p) => p.item),
        ),
      ),
      fields.provider.row,
      fields.baseUrl.row,
      fields.model.row,
      fields.key.row,
      h('label', { class: 'check', for: 'model-remember' }, remember, ' ', tr('modelRemember')),
      h('p', { class: 'model-promise', 'data-model-promise': '' }, tr('modelKeyPromise')),
      h(
        'div',
        { class: 'dialog-actions' },
        h(
          'button',
          {
            type: 'button',
            class: 'ghost',
            'data-action': 'model-forget-key',
            onclick: () => {
              spec.settings.forgetKey();
              key.value = '';
              remember.checked = false;
            },
          },
          tr('modelForgetKey'),
        ),
        h('button', { type: 'button', 'data-action': 'cancel', onclick: () => dialog.close() }, tr('cancel')),
        h(
          'button',
          { type: 'button', class: 'primary', 'data-action': 'model-use', onclick: use },
          tr('modelUse'),
        ),
      ),
    );
    dialog.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && e.target instanceof HTMLInputElement && e.target.type !== 'checkbox') {
        e.preventDefault();
        use();
      }
    });
    dialog.addEventListener('close', () => {
      // The key's field leaves the page with the dialog: nothing of it stays in the DOM.
      key.value = '';
      dialog.remove();
      resolve(answer);
    });
    document.body.append(dialog);
    dialog.showModal();
    // The fields, not the first preset: a visitor coming back has only the key to check.
    (key.value ? baseUrl : stored.info ? key : baseUrl).focus();
  });
}
