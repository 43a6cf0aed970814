import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Redraw } from '../../../src/ui/redraw';
import { uiStore } from '../../../src/ui/state';

const flushMicrotasks = () => Promise.resolve();

describe('Redraw: when the views update', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', (f: () => void) => setTimeout(f, 16));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const setUp = (speed: 'instant' | 'normal') => {
    const store = uiStore({ lang: 'en', policy: true, speed });
    const drawn: string[] = [];
    const redraw = new Redraw(store, () => drawn.push(store.get().run));
    return { store, drawn, redraw };
  };

  it('draws once per moment while nothing plays, however many changes came', async () => {
    const { redraw, drawn } = setUp('instant');
    redraw.request();
    redraw.request();
    expect(drawn).toEqual([]);
    await flushMicrotasks();
    expect(drawn).toEqual(['idle']);
  });

  it('at instant speed draws every 100 ms while playing, and the start and the end of the run at once', async () => {
    const { store, redraw, drawn } = setUp('instant');
    store.set({ run: 'playing' });
    redraw.request();
    await flushMicrotasks();
    expect(drawn).toEqual(['playing']);
    for (let i = 0; i < 10; i++) redraw.request();
    await vi.advanceTimersByTimeAsync(99);
    expect(drawn).toEqual(['playing']);
    await vi.advanceTimersByTimeAsync(1);
    expect(drawn).toEqual(['playing', 'playing']);
    // A change queued for later, then the run ends: the end is drawn in this moment, and only once.
    redraw.request();
    store.set({ run: 'done' });
    redraw.request();
    await flushMicrotasks();
    expect(drawn).toEqual(['playing', 'playing', 'done']);
    await vi.advanceTimersByTimeAsync(200);
    expect(drawn).toEqual(['playing', 'playing', 'done']);
  });

  it('at other speeds draws once a frame while playing', async () => {
    const { store, redraw, drawn } = setUp('normal');
    store.set({ run: 'playing' });
    redraw.request();
    await flushMicrotasks();
    redraw.request();
    redraw.request();
    await vi.advanceTimersByTimeAsync(16);
    expect(drawn).toEqual(['playing', 'playing']);
    await vi.advanceTimersByTimeAsync(100);
    expect(drawn).toEqual(['playing', 'playing']);
  });
});
