import { describe, expect, it } from 'vitest';
import { pathAfterSwitch } from './switch-path';

describe('pathAfterSwitch', () => {
  it('keeps pages every organization has', () => {
    expect(pathAfterSwitch('/')).toBe('/');
    expect(pathAfterSwitch('/targets')).toBe('/targets');
    expect(pathAfterSwitch('/plans/new')).toBe('/plans/new');
    expect(pathAfterSwitch('/settings/members')).toBe('/settings/members');
  });

  it('leaves pages of one plan or run for the dashboard', () => {
    expect(pathAfterSwitch('/plans/cmabc123')).toBe('/');
    expect(pathAfterSwitch('/runs/cmabc123')).toBe('/');
  });
});
