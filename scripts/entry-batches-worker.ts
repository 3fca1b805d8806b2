// The worker thread of readEntryBatches (scripts/entry-batches.ts): reads the batches it is
// given and posts what it found.
import { parentPort, workerData } from 'node:worker_threads';
import { StyleUse } from './critical-css.ts';
import { readBatches } from './entry-batches.ts';

const { dist, names, base64Key } = workerData as {
  dist: string;
  names: string[];
  base64Key: string | undefined;
};
const folder = new URL(dist);
// Only the stylesheet's classes are asked of it here (classTokens): the site's scripts are not read.
const styles = await StyleUse.of(folder, { scripts: false });
parentPort?.postMessage(await readBatches(folder, names, base64Key, styles));
