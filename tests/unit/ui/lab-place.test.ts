// README "Writing a plugin in the lab": the lab says where a write or edit decider stands relative to the
// built-in policy, and truthfully whether it will be asked.
import { describe, expect, it } from 'vitest';
import { placeOf } from '../../../src/ui/lab/place';

describe('placeOf', () => {
  it('after the policy, a write decider is never asked, and the lab says so', () => {
    const place = placeOf(['writeIntent'], 'default', true);
    expect(place?.asked).toBe('never');
    expect(place?.text).toBe(
      'writeIntent: after fs-observation-policy, which decides every write: this plugin is never asked. Choose “before the built-in policy” to be asked.',
    );
  });

  it('both deciders after it are never asked: every write and every edit', () => {
    expect(placeOf(['preExecute', 'writeIntent', 'editIntent'], 'default', true)?.text).toContain(
      'which decides every write and every edit: this plugin is never asked',
    );
  });

  it('placed before the policy, it is asked first and told how to hand on', () => {
    const place = placeOf(['editIntent'], 'pre', true);
    expect(place?.asked).toBe('first');
    expect(place?.text).toContain("return {verdict: 'pass'} to let the policy decide");
  });

  it('with the policy off it is asked in turn, whatever its order', () => {
    expect(placeOf(['writeIntent'], 'default', false)?.asked).toBe('in-turn');
  });

  it('a plugin without deciders has no place to show', () => {
    expect(placeOf(['preExecute', 'postExecute', 'observed'], 'default', true)).toBeNull();
  });
});
