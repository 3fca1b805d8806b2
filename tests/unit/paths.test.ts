import { describe } from 'vitest';
import { canonicalPath } from '../../src/lib/paths.ts';
import { eachMaps } from '../support/each-maps.ts';

describe('canonicalPath', () => {
  eachMaps('%s -> %s', canonicalPath, [
    ['/index.html', '/'],
    ['/', '/'],
    ['/toolstack.html', '/toolstack'],
    ['/toolstack', '/toolstack'],
    ['/404.html', '/404'],
  ]);
});
