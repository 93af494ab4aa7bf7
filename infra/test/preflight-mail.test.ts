import {
  GetAccountCommand,
  GetEmailIdentityCommand,
  NotFoundException,
} from '@aws-sdk/client-sesv2';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { contextFromArgs } from '../aws/config/cdk-context';
import { exitCodeOf, formatResult } from '../aws/ops/preflight/check';
import {
  checkMailSender,
  checkSesAccount,
  checkSesIdentity,
} from '../aws/ops/preflight/checks/mail';
import { contextProblem } from '../aws/ops/preflight/target';
import { ACCOUNT, REGION, mockedRegions, targetOf } from './support/preflight';

const aws = mockedRegions();
afterEach(() => aws.reset());
afterAll(() => aws.restore());

/** GetAccount of an account out of the sandbox, as SES answers it. */
const PRODUCTION = {
  ProductionAccessEnabled: true,
  SendingEnabled: true,
  EnforcementStatus: 'HEALTHY',
  SendQuota: { Max24HourSend: 50_000, MaxSendRate: 14, SentLast24Hours: 0 },
};

describe('preflight: the mail sender (mailFrom)', () => {
  it('fails prod without mailFrom before asking AWS anything, with the message of synth', () => {
    // Act
    const problem = contextProblem({ stage: 'prod' });
    // Assess
    expect(problem && formatResult(problem)).toMatch(
      /^fail context: "stage=prod" needs "mailFrom".*→ set the context it names/,
    );
    expect(exitCodeOf(problem ? [problem] : [])).toBe(1);
  });

  it('names the sender and its identity', async () => {
    // Act
    const lines = (await checkMailSender(targetOf(), aws.clientsFor)).map(formatResult);
    // Assess
    expect(lines).toEqual([
      'ok   mail sender: Hatchworks <no-reply@hatchworks.example>, sent as SES identity hatchworks.example',
    ]);
  });

  it('warns on dev without a sender, which still deploys', async () => {
    // Act
    const results = await checkMailSender(
      targetOf({ stage: 'dev', mailFrom: undefined }),
      aws.clientsFor,
    );
    // Assess
    expect(results.map(formatResult)).toEqual([
      expect.stringMatching(/^warn mail sender: no mailFrom: .*Hatchworks-Dev fail → -c mailFrom=/),
    ]);
    expect(exitCodeOf(results)).toBe(0);
  });
});

describe('preflight: the SES identity (GetEmailIdentity)', () => {
  it('passes an identity verified for sending in the site region', async () => {
    // Prepare
    aws.mocks().ses.on(GetEmailIdentityCommand, { EmailIdentity: 'hatchworks.example' }).resolves({
      IdentityType: 'DOMAIN',
      VerifiedForSendingStatus: true,
      VerificationStatus: 'SUCCESS',
    });
    // Act
    const results = await checkSesIdentity(targetOf(), aws.clientsFor);
    // Assess
    expect(results.map(formatResult)).toEqual([
      `ok   SES identity (${REGION}): hatchworks.example is verified for sending`,
    ]);
    expect(exitCodeOf(results)).toBe(0);
  });

  it('fails a missing identity with the command that creates it', async () => {
    // Prepare
    aws
      .mocks()
      .ses.on(GetEmailIdentityCommand)
      .rejects(
        new NotFoundException({
          message: 'Email identity hatchworks.example does not exist.',
          $metadata: {},
        }),
      );
    // Act
    const results = await checkSesIdentity(targetOf(), aws.clientsFor);
    // Assess
    expect(results.map(formatResult)).toEqual([
      `fail SES identity (${REGION}): no SES identity hatchworks.example → aws sesv2 ` +
        `create-email-identity --email-identity hatchworks.example --region ${REGION}, then ` +
        'verify it (infra/aws/README.md, "Mail")',
    ]);
    expect(exitCodeOf(results)).toBe(1);
  });

  it('fails a domain pending verification with where its DKIM records are', async () => {
    // Prepare
    aws.mocks().ses.on(GetEmailIdentityCommand).resolves({
      IdentityType: 'DOMAIN',
      VerifiedForSendingStatus: false,
      VerificationStatus: 'PENDING',
    });
    // Act
    const [line] = (await checkSesIdentity(targetOf(), aws.clientsFor)).map(formatResult);
    // Assess
    expect(line).toMatch(
      /^fail SES identity \(eu-west-1\): hatchworks\.example exists but is not verified \(PENDING\) → publish its DKIM CNAME records: .*--query DkimAttributes\.Tokens/,
    );
  });

  it("looks an identity ARN up in its region, and leaves another account's to that account", async () => {
    // Prepare
    aws
      .mocks('us-east-1')
      .ses.on(GetEmailIdentityCommand, { EmailIdentity: 'hatchworks.example' })
      .resolves({ VerifiedForSendingStatus: true });
    const own = targetOf({
      mailIdentity: `arn:aws:ses:us-east-1:${ACCOUNT}:identity/hatchworks.example`,
    });
    const shared = targetOf({
      mailIdentity: 'arn:aws:ses:eu-west-1:210987654321:identity/hatchworks.example',
    });
    // Act
    const ownLines = (await checkSesIdentity(own, aws.clientsFor)).map(formatResult);
    const sharedLines = (await checkSesIdentity(shared, aws.clientsFor)).map(formatResult);
    // Assess
    expect(ownLines).toEqual([
      'ok   SES identity (us-east-1): hatchworks.example is verified for sending',
    ]);
    expect(sharedLines).toEqual([
      expect.stringMatching(
        /^warn SES identity: hatchworks\.example belongs to account 210987654321: .*get-email-identity-policies/,
      ),
    ]);
    expect(aws.mocks().ses.commandCalls(GetEmailIdentityCommand)).toHaveLength(0);
  });
});

describe('preflight: the SES account (GetAccount)', () => {
  it('passes production access with sending enabled', async () => {
    // Prepare
    aws.mocks().ses.on(GetAccountCommand).resolves(PRODUCTION);
    // Act
    const results = await checkSesAccount(targetOf(), aws.clientsFor);
    // Assess
    expect(results.map(formatResult)).toEqual([
      `ok   SES account (${REGION}): production access, sending enabled, 50000 mails a day`,
    ]);
  });

  it('fails prod in the sandbox with how to ask for production access', async () => {
    // Prepare
    aws
      .mocks()
      .ses.on(GetAccountCommand)
      .resolves({ ...PRODUCTION, ProductionAccessEnabled: false });
    // Act
    const results = await checkSesAccount(targetOf(), aws.clientsFor);
    // Assess
    expect(results.map(formatResult)).toEqual([
      `fail SES account (${REGION}): in the SES sandbox: mail reaches only verified addresses, 200 a ` +
        `day → SES console (${REGION}) → Account dashboard → Request production access, or aws ` +
        'sesv2 put-account-details --production-access-enabled --mail-type TRANSACTIONAL ' +
        `--website-url https://<site> --region ${REGION}`,
    ]);
    expect(exitCodeOf(results)).toBe(1);
  });

  it('says a request under review is pending, and warns only on dev', async () => {
    // Prepare
    aws
      .mocks()
      .ses.on(GetAccountCommand)
      .resolves({
        ...PRODUCTION,
        ProductionAccessEnabled: false,
        Details: { ReviewDetails: { Status: 'PENDING', CaseId: '1234567890' } },
      });
    // Act
    const results = await checkSesAccount(targetOf({ stage: 'dev' }), aws.clientsFor);
    // Assess
    expect(results.map(formatResult)).toEqual([
      expect.stringMatching(
        /^warn .*\(production access requested, under review\) → wait for the review of case 1234567890$/,
      ),
    ]);
    expect(exitCodeOf(results)).toBe(0);
  });

  it('fails an account whose sending SES paused', async () => {
    // Prepare
    aws
      .mocks()
      .ses.on(GetAccountCommand)
      .resolves({ ...PRODUCTION, SendingEnabled: false, EnforcementStatus: 'SHUTDOWN' });
    // Act
    const results = await checkSesAccount(targetOf(), aws.clientsFor);
    // Assess
    expect(results.map(formatResult)).toEqual([
      `fail SES account (${REGION}): sending is disabled (enforcement status SHUTDOWN) → SES ` +
        'paused this account: answer the case in the AWS Support Center',
    ]);
  });
});

describe('preflight: the context (cdk.json, then -c key=value)', () => {
  it('reads -c and --context as the CDK CLI does: split at the first =, the last one wins', () => {
    // Act
    const context = contextFromArgs([
      '-c',
      'stage=prod',
      '--context',
      'mailFrom=Hatchworks <no-reply@hatchworks.example>',
      '-c',
      'donationScriptUrl=https://tips.example/widget.js?a=b',
      '-c',
      'stage=dev',
    ]);
    // Assess
    expect(context).toEqual({
      stage: 'dev',
      mailFrom: 'Hatchworks <no-reply@hatchworks.example>',
      donationScriptUrl: 'https://tips.example/widget.js?a=b',
    });
  });

  it('refuses an argument that is not -c key=value', () => {
    expect(() => contextFromArgs(['-c', 'stage'])).toThrow('-c takes key=value; got "stage".');
    expect(() => contextFromArgs(['--profile', 'prod'])).toThrow(/--profile/);
  });
});
