import { describe, expect, it } from 'vitest';
import { parseLabels } from './run-labels';

describe('parseLabels', () => {
  it('reads space-separated key=value pairs', () => {
    expect(parseLabels(' commit=ab12cd3   env=staging ')).toEqual({ labels: { commit: 'ab12cd3', env: 'staging' } });
    expect(parseLabels('')).toEqual({ labels: {} });
  });

  it('says what is wrong with a label', () => {
    expect(parseLabels('commit')).toEqual({ error: 'Label "commit" is not key=value' });
    expect(parseLabels('env=a env=b')).toEqual({ error: 'Label env is given twice' });
  });
});
