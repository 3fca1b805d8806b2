import type { ClientDirective } from 'astro';
import { afterFirstContentfulPaint } from '../browser/paint-timing.ts';

/*
 * `client:painted`: hydrate once the page has loaded and its first content is on screen
 * (afterFirstContentfulPaint). For /account's first sections: their controls are in the build's
 * HTML, disabled until their island runs, so the page paints without them, and the React client
 * they load no longer competes with that paint. Registered in astro.config.ts.
 */
const paintedDirective: ClientDirective = (load) => {
  afterFirstContentfulPaint(() => void load().then((hydrate) => hydrate()));
};

export default paintedDirective;
