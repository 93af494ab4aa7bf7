import { App, Stack, type CfnElement } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '@hatchworks/shared/routes';
import {
  AppFunction,
  MAIL_NOT_CONFIGURED_WARNING,
  type MailAccess,
} from '../aws/constructs/app-function';
import { readSiteSettings } from '../aws/config/site-context';
import { AppTable } from '../aws/constructs/app-table';
import { routeFunctionSpec, type FunctionSpec } from '../aws/constructs/function-spec';
import { statementsOfRole } from './support/iam';
import { logicalIdOf, synthSite, type SynthesizedSite } from './support/synth-site';

const IDENTITY_ARN = 'arn:aws:ses:eu-west-1:123456789012:identity/hatchworks.example';
const MAIL: MailAccess = {
  identityArn: IDENTITY_ARN,
  environment: {
    MAIL_TRANSPORT: 'ses',
    MAIL_FROM: 'Hatchworks <no-reply@hatchworks.example>',
    SITE_URL: 'https://hatchworks.example',
  },
};
const MAIL_ENV_KEYS = ['MAIL_TRANSPORT', 'MAIL_FROM', 'SITE_URL', 'MAIL_IDENTITY_ARN'];

/** One AppFunction for a probe route's spec, in a stack of its own (no bundling). */
function synthProbe(spec: Partial<FunctionSpec>, mail: MailAccess | null = MAIL) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new Stack(app, 'Test');
  const table = new AppTable(stack, 'Data').table;
  const fn = new AppFunction(stack, 'Fn', {
    spec: {
      ...routeFunctionSpec({
        id: 'Probe',
        method: 'POST',
        path: '/api/probe',
        handler: 'system/get-health',
        access: 'public',
        table: 'readwrite',
      }),
      ...spec,
    },
    table,
    ...(mail ? { mail } : {}),
  });
  const warnings = Annotations.fromStack(stack)
    .findWarning('*', Match.anyValue())
    .map((warning) => String(warning.entry.data));
  const template = Template.fromStack(stack);
  const logicalId = (construct: { node: { defaultChild?: unknown } }) =>
    String(stack.resolve(stack.getLogicalId(construct.node.defaultChild as CfnElement)));
  const roleId = logicalId(fn.role);
  const fnId = logicalId(fn.function);
  const variables = (
    template.toJSON() as {
      Resources: Record<
        string,
        { Properties: { Environment: { Variables: Record<string, unknown> } } }
      >;
    }
  ).Resources[fnId]?.Properties.Environment.Variables;
  return { app, warnings, statements: statementsOfRole(template, roleId), variables };
}

const sesStatements = (statements: ReturnType<typeof synthProbe>['statements']) =>
  statements.filter((statement) =>
    [statement.Action].flat().some((action) => action.startsWith('ses:')),
  );

describe('a function that sends mail (sendsMail)', () => {
  it('gets ses:SendEmail on the sender identity alone', () => {
    // Act
    const { statements } = synthProbe({ sendsMail: true });
    // Assess
    expect(sesStatements(statements)).toEqual([
      { Effect: 'Allow', Action: 'ses:SendEmail', Resource: IDENTITY_ARN },
    ]);
  });

  it('gets MAIL_TRANSPORT=ses, MAIL_FROM and SITE_URL', () => {
    // Act
    const { variables } = synthProbe({ sendsMail: true });
    // Assess
    expect(variables).toMatchObject(MAIL.environment);
  });

  it('passes cdk-nag with the grant', () => {
    // Prepare
    const { app } = synthProbe({ sendsMail: true });
    // Act
    const report = new AwsSolutionsChecks().validateScope(app);
    // Assess
    expect(report.violations.map((violation) => violation.ruleName)).toEqual([]);
  });

  it('warns at synth, and gets nothing, when the stack has no sender', () => {
    // Act
    const { warnings, statements, variables } = synthProbe({ sendsMail: true }, null);
    // Assess
    expect(warnings).toEqual([
      expect.stringMatching(/POST \/api\/probe sends mail, but no sender is set.*mailFrom/),
    ]);
    expect(warnings[0]).toContain(MAIL_NOT_CONFIGURED_WARNING);
    expect(sesStatements(statements)).toEqual([]);
    for (const key of MAIL_ENV_KEYS) expect(variables).not.toHaveProperty(key);
  });
});

describe('a function that sends no mail', () => {
  it('gets no SES permission and no mail settings, even in a stack with a sender', () => {
    // Act
    const { statements, variables } = synthProbe({});
    // Assess
    expect(sesStatements(statements)).toEqual([]);
    for (const key of MAIL_ENV_KEYS) expect(variables).not.toHaveProperty(key);
  });
});

describe('the mail context (mailFrom, mailIdentity)', () => {
  let synthesized: SynthesizedSite | undefined;
  /** One synth with a sender, shared by the tests that only read it. */
  const site = () =>
    (synthesized ??= synthSite({
      // Dev, whose region is the deployment's (prod names its region at synth).
      context: { stage: 'dev', mailFrom: 'Hatchworks <no-reply@Hatchworks.example>' },
    }));

  it("sends as the sender's domain identity in the stack's region by default", () => {
    // Act
    const { stack } = site();
    // Assess
    expect(stack.resolve(stack.mail?.identityArn)).toEqual({
      'Fn::Join': [
        '',
        [
          'arn:',
          { Ref: 'AWS::Partition' },
          ':ses:',
          { Ref: 'AWS::Region' },
          ':',
          { Ref: 'AWS::AccountId' },
          ':identity/hatchworks.example',
        ],
      ],
    });
    expect(stack.mail?.environment).toMatchObject({
      MAIL_TRANSPORT: 'ses',
      MAIL_FROM: 'Hatchworks <no-reply@Hatchworks.example>',
    });
    expect(stack.mail?.environment).not.toHaveProperty('MAIL_IDENTITY_ARN');
  });

  it('sets SITE_URL to the served origin', () => {
    // Act
    const { stack } = synthSite({
      context: {
        mailFrom: 'no-reply@hatchworks.example.com',
        domainName: 'hatchworks.example.com',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
      },
    });
    // Assess
    expect(stack.mail?.environment.SITE_URL).toBe('https://hatchworks.example.com');
  });

  it('takes an address identity, or an identity ARN that the functions then name', () => {
    // Act
    const address = synthSite({
      context: {
        mailFrom: 'no-reply@hatchworks.example',
        mailIdentity: 'no-reply@hatchworks.example',
      },
    }).stack;
    const named = synthSite({
      context: { mailFrom: 'no-reply@hatchworks.example', mailIdentity: IDENTITY_ARN },
    }).stack;
    // Assess
    expect(JSON.stringify(address.resolve(address.mail?.identityArn))).toContain(
      ':identity/no-reply@hatchworks.example',
    );
    expect(named.mail?.identityArn).toBe(IDENTITY_ARN);
    expect(named.mail?.environment.MAIL_IDENTITY_ARN).toBe(IDENTITY_ARN);
  });

  it("grants SES to the table stream's function alone: no route function sends mail", () => {
    // Act
    const { stack, template } = site();
    const granted = [...stack.api.functions.values(), stack.tableStream.handler].map((fn) => [
      fn.node.path,
      sesStatements(statementsOfRole(template, logicalIdOf(site(), fn.role))).length > 0,
    ]);
    // Assess
    expect(granted.filter(([, ses]) => ses).map(([path]) => path)).toEqual([
      stack.tableStream.handler.node.path,
    ]);
    expect(granted).toHaveLength(ROUTES.length + 1);
  });

  it('keeps cdk-nag clean with a sender', () => {
    // Act
    const report = new AwsSolutionsChecks().validateScope(site().app);
    // Assess
    expect(report.violations.map((violation) => violation.ruleName)).toEqual([]);
  });

  it.each([
    [{ mailFrom: 'Hatchworks' }, /"mailFrom" must be an email address/],
    [{ mailFrom: 'a@b.example\nBcc: c@d.example' }, /"mailFrom" must be an email address/],
    [{ mailFrom: 'Other <x@evil.example> <no-reply@hatchworks.example>' }, /"mailFrom"/],
    [
      { mailFrom: undefined, mailIdentity: 'hatchworks.example' },
      /"mailIdentity" needs "mailFrom"/,
    ],
    [
      { mailFrom: 'no-reply@hatchworks.example', mailIdentity: 'arn:aws:iam::123:role/x' },
      /"mailIdentity" must be a domain, an email address or an SES identity ARN/,
    ],
  ])('refuses %o, naming what to fix', (context, message) => {
    expect(() => synthSite({ context })).toThrow(message);
  });

  it('refuses prod without a sender, naming the key and where to verify it', () => {
    expect(() => synthSite({ context: { stage: 'prod', mailFrom: undefined } })).toThrow(
      /"stage=prod" needs "mailFrom".*verified in SES in the site's region/,
    );
  });

  it('lets dev go without a sender', () => {
    // Act
    const settings = readSiteSettings(new App({ context: { stage: 'dev' } }).node);
    // Assess
    expect(settings.mail).toBeUndefined();
  });
});
