import type { Lang } from '../model/scenario';
import type { AskState } from '../model/scripted';
import { fill, h } from './dom';
import { withKeyHints } from './key-hints';
import { colon, tr } from './i18n';

const letter = (i: number): string => String.fromCharCode(65 + i);

/**
 * Predict, then reveal: the question of the ask step the script stands at, its choices as buttons
 * (`data-choice`), and Reveal. Outside presentation mode a visitor may pick a choice first and is told
 * whether it was right; in presentation mode a pick only marks the class's guess. Revealed, the right
 * choice is marked and the reason shown until the next step. Built when another ask (or language)
 * comes; revealing and picking patch it in place.
 */
export class AskView {
  readonly el = h('section', { class: 'ask', 'data-ask': '', hidden: true });
  private key = '';
  private picked: number | null = null;
  private choices: HTMLButtonElement[] = [];
  private readonly feedback = h('p', {
    class: 'ask-feedback',
    'data-ask-feedback': '',
    'aria-live': 'polite',
  });
  private readonly hint = h('p', { class: 'ask-hint muted' });
  private readonly why = h('div', { class: 'ask-why', 'data-ask-why': '', hidden: true });
  private readonly revealButton: HTMLButtonElement;
  private readonly actions: HTMLElement;
  private present = false;
  private current: AskState | null = null;

  constructor(reveal: () => void) {
    this.revealButton = h(
      'button',
      {
        type: 'button',
        class: 'primary',
        'data-action': 'reveal',
        'aria-keyshortcuts': 'Enter',
        onclick: reveal,
      },
      tr('reveal'),
    );
    this.actions = h('div', { class: 'ask-actions' }, this.revealButton, this.hint);
  }

  /**
   * Shows `ask` (null hides the panel), revealed or not, as presentation mode asks. Says whether a
   * new question appeared, so the page can bring it into view.
   */
  update(ask: AskState | null, present: boolean, lang: Lang): boolean {
    this.current = ask;
    this.present = present;
    this.el.hidden = ask === null;
    if (!ask) {
      this.key = '';
      delete this.el.dataset.askState;
      return false;
    }
    const fresh = !this.key.startsWith(`${ask.step}:`);
    const key = `${ask.step}:${lang}`;
    if (key !== this.key) this.build(ask, lang, key);
    this.el.dataset.askState = ask.revealed ? 'revealed' : 'asking';
    this.patch(ask);
    return fresh;
  }

  private build(ask: AskState, lang: Lang, key: string): void {
    const fresh = !this.key.startsWith(`${ask.step}:`);
    this.key = key;
    if (fresh) this.picked = null;
    const { question, choices, why } = ask.ask;
    this.choices = choices.map((choice, i) =>
      h(
        'button',
        {
          type: 'button',
          class: 'ask-choice',
          'data-choice': i,
          'aria-pressed': 'false',
          onclick: () => this.pick(i),
        },
        h('span', { class: 'ask-letter', 'aria-hidden': 'true' }, letter(i)),
        h('span', { class: 'ask-text' }, choice[lang]),
        h('span', { class: 'ask-mark' }),
      ),
    );
    this.why.replaceChildren(h('strong', {}, `${tr('whyLabel')}${colon()}`), why[lang]);
    this.feedback.textContent = '';
    this.el.replaceChildren(
      h('p', { class: 'ask-kicker' }, `? ${tr('askTitle')}`),
      h('h2', { class: 'ask-question', 'data-ask-question': '' }, question[lang]),
      h('ol', { class: 'ask-choices' }, ...this.choices.map((b) => h('li', {}, b))),
      this.feedback,
      this.why,
      this.actions,
    );
    this.revealButton.textContent = tr('reveal');
  }

  private pick(i: number): void {
    const ask = this.current;
    if (!ask || ask.revealed) return;
    this.picked = i;
    this.patch(ask);
    if (this.present) return;
    this.feedback.textContent = tr(i === ask.ask.answer ? 'pickedRight' : 'pickedWrong');
    this.feedback.dataset.right = String(i === ask.ask.answer);
    // The reply and Reveal below it come into view (above a phone's bottom bar, by their scroll margin).
    this.actions.scrollIntoView({ block: 'nearest' });
  }

  private patch(ask: AskState): void {
    const { answer } = ask.ask;
    this.choices.forEach((button, i) => {
      button.setAttribute('aria-pressed', String(this.picked === i));
      button.classList.toggle('right', ask.revealed && i === answer);
      button.classList.toggle('wrong', ask.revealed && i === this.picked && i !== answer);
      const mark = button.querySelector('.ask-mark')!;
      const text = ask.revealed && i === answer ? `✓ ${tr('rightAnswer')}` : '';
      if (mark.textContent !== text) mark.textContent = text;
      if (ask.revealed) button.setAttribute('aria-disabled', 'true');
      else button.removeAttribute('aria-disabled');
    });
    this.revealButton.hidden = ask.revealed;
    this.why.hidden = !ask.revealed;
    const hint = tr(ask.revealed ? 'afterReveal' : this.present ? 'revealHintPresent' : 'revealHint');
    if (this.hint.textContent !== hint) fill(this.hint, withKeyHints(hint));
    if (ask.revealed && this.feedback.textContent) this.feedback.textContent = '';
  }
}
