/** The channel the playground and its presenter view talk over (same origin, any tab). */
export const PRESENTER_CHANNEL = 'harness-playground/presenter';

/** Opens the presenter view (`?presenter=1`, in `lang`) in a window of its own (N, More → Presenter view). */
export function openPresenterWindow(lang: string): void {
  const url = new URL(window.location.href);
  url.search = '';
  url.searchParams.set('presenter', '1');
  url.searchParams.set('lang', lang);
  window.open(url, 'harness-playground-presenter', 'popup,width=960,height=720');
}

/**
 * Listens for a presenter view on the channel, cheaply: the link itself (its schemas, its reports) is
 * loaded when a view first speaks (it says hello as it opens), and gets that first message.
 */
export function awaitPresenter(link: (channel: BroadcastChannel, first: unknown) => void): void {
  if (typeof BroadcastChannel !== 'function') return;
  const channel = new BroadcastChannel(PRESENTER_CHANNEL);
  channel.onmessage = (e: MessageEvent<unknown>) => {
    channel.onmessage = null;
    link(channel, e.data);
  };
}
