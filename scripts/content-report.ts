// npm run content:report [-- --json | --markdown]: the tools due for review, references that lead
// nowhere and tools without a logo (src/catalogue/content-report.ts). A report is no failure:
// it exits 0 unless the content cannot be read.
import { parseArgs } from 'node:util';
import { buildContentDir } from '../src/catalogue/content-dir.ts';
import { readContentOrExit } from './read-content.ts';
import {
  contentReport,
  formatReport,
  logoExistsUnder,
  type ReportFormat,
} from '../src/catalogue/content-report.ts';

const { values } = parseArgs({
  options: { json: { type: 'boolean' }, markdown: { type: 'boolean' } },
});
const format: ReportFormat = values.json ? 'json' : values.markdown ? 'markdown' : 'text';

const sources = readContentOrExit(1);
const today = new Date().toISOString().slice(0, 10);
const report = contentReport(sources, { today, logoExists: logoExistsUnder(buildContentDir) });
process.stdout.write(formatReport(report, format));
