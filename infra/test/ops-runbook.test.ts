import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../aws/paths';
import { OPTION_NAMES, USAGE, VERBS } from '../aws/ops/run-ops';

const RUNBOOK = readFileSync(join(REPO_ROOT, 'docs', 'operations.md'), 'utf8');

/** The runbook's shell blocks. */
const SHELL_BLOCKS = [...RUNBOOK.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => ({
  body: match[1] ?? '',
  at: match.index,
}));

/** A command of the AWS CLI anywhere in a block (not `aws://` of cdk bootstrap). */
const AWS_CLI = /(?:^|[\s$(|;&])aws\s/m;

/**
 * The blocks that stay plain `aws` commands, each run against the AWS CLI's recorded output
 * (what it printed for that command, `--query` and `--output` applied), with the placeholders an
 * operator fills in.
 */
const RECORDED: Record<
  string,
  {
    readonly placeholders: Readonly<Record<string, string>>;
    readonly answers: Readonly<Record<string, string>>;
    readonly calls: readonly string[];
    /** What the operator reads in the block's output. */
    readonly printed: readonly string[];
  }
> = {
  'Confirm the alarm e-mail': {
    placeholders: {
      '<Region>': 'eu-west-1',
      '<that name>': 'Hatchworks-Prod-Monitoring-ApiServerErrorRate1A2B3C4D-0A1B2C3D4E5F',
    },
    answers: {
      'sns list-subscriptions --region eu-west-1':
        'arn:aws:sns:eu-west-1:123456789012:Hatchworks-Prod-AlarmTopic:5b1c7a8e-0d2f-4e6a-9b3c-1d2e3f4a5b6c',
      'sns list-subscriptions --region us-east-1': 'PendingConfirmation',
      'cloudwatch describe-alarms --region eu-west-1':
        'Hatchworks-Prod-Monitoring-ApiServerErrorRate1A2B3C4D-0A1B2C3D4E5F',
      'cloudwatch set-alarm-state --region eu-west-1': '',
    },
    calls: [
      "sns list-subscriptions --region eu-west-1 --query Subscriptions[?Endpoint=='ops@example.com'].SubscriptionArn --output text",
      "sns list-subscriptions --region us-east-1 --query Subscriptions[?Endpoint=='ops@example.com'].SubscriptionArn --output text",
      "cloudwatch describe-alarms --region eu-west-1 --query MetricAlarms[?contains(AlarmName,'ApiServerErrorRate')].AlarmName --output text",
      'cloudwatch set-alarm-state --region eu-west-1 --alarm-name Hatchworks-Prod-Monitoring-ApiServerErrorRate1A2B3C4D-0A1B2C3D4E5F --state-value ALARM --state-reason runbook test',
    ],
    printed: ['Hatchworks-Prod-AlarmTopic:5b1c7a8e', 'PendingConfirmation'],
  },
};

/**
 * An `aws` on PATH that answers each call from the recording by service, operation and region,
 * and writes every call's arguments to `calls.jsonl`: a recording, not a model of AWS.
 */
function recordedAws(answers: Readonly<Record<string, string>>): { bin: string; calls: string } {
  const dir = mkdtempSync(join(tmpdir(), 'hatchworks-aws-'));
  const calls = join(dir, 'calls.jsonl');
  writeFileSync(join(dir, 'answers.json'), JSON.stringify(answers));
  writeFileSync(
    join(dir, 'aws'),
    `#!/usr/bin/env node
const { appendFileSync, readFileSync } = require('node:fs');
const args = process.argv.slice(2);
appendFileSync(${JSON.stringify(calls)}, JSON.stringify(args) + '\\n');
const region = args[args.indexOf('--region') + 1];
const key = [args[0], args[1], '--region', region].join(' ');
const answers = JSON.parse(readFileSync(${JSON.stringify(join(dir, 'answers.json'))}, 'utf8'));
if (!(key in answers)) { console.error('no recorded answer for ' + key); process.exit(255); }
if (answers[key]) console.log(answers[key]);
`,
  );
  chmodSync(join(dir, 'aws'), 0o755);
  return { bin: dir, calls };
}

describe('the command blocks of docs/operations.md', () => {
  it('are npm run ops verbs, or recorded here, wherever they call AWS', () => {
    // Act
    const unrecorded = SHELL_BLOCKS.filter(
      (block) =>
        AWS_CLI.test(block.body) && !Object.keys(RECORDED).some((title) => isUnder(block, title)),
    );
    // Assess
    expect(unrecorded.map((block) => block.body)).toEqual([]);
  });

  it('name only verbs and options that npm run ops has', () => {
    // Act
    const commands = SHELL_BLOCKS.flatMap((block) =>
      [...block.body.replaceAll('\\\n', ' ').matchAll(/npm run ops -- (\S+)([^\n#]*)/g)].map(
        (match) => ({
          verb: match[1] ?? '',
          options: [...(match[2] ?? '').matchAll(/--([a-z-]+)/g)].map((option) => option[1]),
        }),
      ),
    );
    // Assess
    expect(commands.length).toBeGreaterThan(5);
    for (const { verb, options } of commands) {
      expect(VERBS).toContain(verb);
      for (const option of options) expect(OPTION_NAMES).toContain(option);
    }
    for (const verb of VERBS) {
      expect(USAGE).toContain(`  ${verb}`);
      expect(RUNBOOK).toContain(`\`${verb}`);
    }
  });

  it.each(Object.entries(RECORDED))(
    '"%s" runs against the recorded answers',
    (title, recording) => {
      // Arrange: the block under that paragraph, its placeholders filled in
      const block = SHELL_BLOCKS.find((candidate) => isUnder(candidate, title));
      expect(block).toBeDefined();
      const script = Object.entries(recording.placeholders).reduce(
        (text, [placeholder, value]) => text.replaceAll(placeholder, value),
        block?.body ?? '',
      );
      const aws = recordedAws(recording.answers);
      // Act
      const output = execFileSync('bash', ['-euo', 'pipefail', '-c', script], {
        encoding: 'utf8',
        env: { ...process.env, PATH: `${aws.bin}:${process.env.PATH ?? ''}` },
      });
      // Assess
      const calls = readFileSync(aws.calls, 'utf8')
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as string[]).join(' '));
      expect(calls).toEqual(recording.calls);
      for (const text of recording.printed) expect(output).toContain(text);
    },
  );
});

/** Whether a block is the first after the bold lead-in `**title.**`, in the same section. */
function isUnder(block: { at: number }, title: string): boolean {
  const lead = RUNBOOK.indexOf(`**${title}.**`);
  if (lead < 0 || block.at < lead) return false;
  const between = RUNBOOK.slice(lead, block.at);
  return !between.includes('```') && !/^## /m.test(between);
}
