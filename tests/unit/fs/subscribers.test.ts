import { describe, expect, it, vi } from 'vitest';
import { Subscribers } from '../../../src/fs/subscribers';

const mk = () => new Subscribers<number>();

describe('Subscribers', () => {
  it('calls listeners in subscription order', () => {
    const subs = mk();
    const order: string[] = [];
    subs.add(() => order.push('first'));
    subs.add(() => order.push('second'));
    subs.emit(1);
    expect(order).toEqual(['first', 'second']);
  });

  it('keeps calling the others when one listener throws', () => {
    const subs = mk();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const after = vi.fn();
    subs.add(() => {
      throw new Error('boom');
    });
    subs.add(after);
    subs.emit(1);
    quiet.mockRestore();
    expect(after).toHaveBeenCalledWith(1);
  });

  it('removes only the subscription whose unsubscribe was called, even for the same function', () => {
    const subs = mk();
    const listener = vi.fn();
    const stop = subs.add(listener);
    subs.add(listener);
    stop();
    subs.emit(1);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
