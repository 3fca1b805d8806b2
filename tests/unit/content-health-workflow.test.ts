import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';

/*
 * The weekly content health workflow (.github/workflows/content-health.yml) parses, runs on a
 * schedule and by hand, may write issues, and runs the two npm scripts package.json defines.
 */

const root = join(import.meta.dirname, '..', '..');
interface Workflow {
  on: { schedule?: { cron: string }[]; workflow_dispatch?: unknown };
  permissions: Record<string, string>;
  jobs: Record<
    string,
    { steps: { run?: string; uses?: string; with?: Record<string, unknown> }[] }
  >;
}
const workflow = yaml.load(
  readFileSync(join(root, '.github', 'workflows', 'content-health.yml'), 'utf8'),
) as Workflow;
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
const runs = steps.flatMap((step) => (step.run ? [step.run] : [])).join('\n');
const scripts = (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

describe('the content health workflow', () => {
  it('runs once a week and on demand', () => {
    const crons = workflow.on.schedule?.map((entry) => entry.cron) ?? [];
    expect(crons).toHaveLength(1);
    // minute hour * * weekday: one fixed day of the week.
    expect(crons[0]).toMatch(/^\d{1,2} \d{1,2} \* \* [0-6]$/);
    expect(workflow.on).toHaveProperty('workflow_dispatch');
  });

  it('may write issues and only read the code', () => {
    expect(workflow.permissions).toEqual({ contents: 'read', issues: 'write' });
  });

  it('runs on Node 22 after npm install', () => {
    const node = steps.find((step) => step.uses?.startsWith('actions/setup-node'));
    expect(node?.with?.['node-version']).toBe(22);
    expect(runs).toContain('npm install');
  });

  it('runs both reports as Markdown, with scripts package.json has', () => {
    expect(runs).toContain('npm run --silent content:report -- --markdown');
    expect(runs).toContain('npm run --silent check-links -- --markdown');
    expect(scripts['content:report']).toBe('node scripts/content-report.ts');
    expect(scripts['check-links']).toBe('node scripts/check-links.ts');
  });

  it('edits the one open issue of its title, or opens it', () => {
    expect(runs).toContain('gh issue list --state open');
    expect(runs).toContain('gh issue edit');
    expect(runs).toContain('gh issue create --title "$ISSUE_TITLE"');
  });
});
