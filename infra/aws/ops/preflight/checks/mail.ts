import { GetAccountCommand, GetEmailIdentityCommand } from '@aws-sdk/client-sesv2';
import { CONTEXT_KEYS } from '../../../config/site-context';
import { errorName, fail, ok, warn, type Check, type CheckResult } from '../check';

const MAIL_DOCS = 'infra/aws/README.md, "Mail"';

/** The sender of the account mails: prod cannot synthesize without one, dev may go without. */
export const checkMailSender: Check = async ({ settings }) => {
  const mail = settings.mail;
  if (!mail) {
    return [
      warn(
        'mail sender',
        `no ${CONTEXT_KEYS.mailFrom}: verification and password-reset mails of ${settings.stackName} fail`,
        `-c ${CONTEXT_KEYS.mailFrom}="Hatchworks <no-reply@example.com>" (${MAIL_DOCS})`,
      ),
    ];
  }
  return [ok('mail sender', `${mail.from}, sent as SES identity ${mail.identity}`)];
};

const SES_IDENTITY_ARN = /^arn:aws[a-z-]*:ses:([a-z0-9-]+):(\d{12}):identity\/(.+)$/;

/**
 * The sender identity exists in SES where the mail function sends from and is verified for
 * sending (SESv2 GetEmailIdentity: NotFoundException when absent, VerifiedForSendingStatus and
 * VerificationStatus otherwise;
 * https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_GetEmailIdentity.html).
 * An identity ARN of another account is shared by its sending authorization policy, which only
 * that account can read.
 */
export const checkSesIdentity: Check = async ({ settings, account, region }, clients) => {
  const identity = settings.mail?.identity;
  if (!identity) return [];
  const arn = SES_IDENTITY_ARN.exec(identity);
  const name = arn?.[3] ?? identity;
  const identityRegion = arn?.[1] ?? region;
  if (arn && arn[2] !== account) {
    return [
      warn(
        'SES identity',
        `${name} belongs to account ${arn[2]}: its sending authorization policy is not readable from ${account}`,
        `in account ${arn[2]}: aws sesv2 get-email-identity-policies --email-identity ${name} ` +
          `--region ${identityRegion} must allow ses:SendEmail to account ${account}`,
      ),
    ];
  }
  const check = `SES identity (${identityRegion})`;
  try {
    const found = await clients(identityRegion).ses.send(
      new GetEmailIdentityCommand({ EmailIdentity: name }),
    );
    if (found.VerifiedForSendingStatus) return [ok(check, `${name} is verified for sending`)];
    const domain = !name.includes('@');
    return [
      fail(
        check,
        `${name} exists but is not verified (${found.VerificationStatus ?? 'status unknown'})`,
        domain
          ? `publish its DKIM CNAME records: aws sesv2 get-email-identity --email-identity ${name} ` +
              `--region ${identityRegion} --query DkimAttributes.Tokens (${MAIL_DOCS})`
          : `click the link SES mailed to ${name}, or verify its domain instead (${MAIL_DOCS})`,
      ),
    ];
  } catch (error) {
    if (errorName(error) !== 'NotFoundException') throw error;
    return [
      fail(
        check,
        `no SES identity ${name}`,
        `aws sesv2 create-email-identity --email-identity ${name} --region ${identityRegion}, ` +
          `then verify it (${MAIL_DOCS})`,
      ),
    ];
  }
};

/**
 * The SES account of the site's region may send, to anyone (SESv2 GetAccount:
 * ProductionAccessEnabled is false in the sandbox, where mail reaches only verified addresses,
 * 200 a day; SendingEnabled; EnforcementStatus HEALTHY, PROBATION or SHUTDOWN;
 * https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_GetAccount.html). Production access
 * is asked for per region with PutAccountDetails or on the console's Account dashboard
 * (https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_PutAccountDetails.html,
 * https://docs.aws.amazon.com/ses/latest/dg/request-production-access.html).
 */
export const checkSesAccount: Check = async ({ settings, region }, clients) => {
  if (!settings.mail) return [];
  const check = `SES account (${region})`;
  const account = await clients(region).ses.send(new GetAccountCommand({}));
  const results: CheckResult[] = [];
  if (!account.SendingEnabled) {
    results.push(
      fail(
        check,
        `sending is disabled (enforcement status ${account.EnforcementStatus ?? 'unknown'})`,
        account.EnforcementStatus === 'SHUTDOWN'
          ? 'SES paused this account: answer the case in the AWS Support Center'
          : `aws sesv2 put-account-sending-attributes --sending-enabled --region ${region}`,
      ),
    );
  }
  if (!account.ProductionAccessEnabled) {
    const pending = account.Details?.ReviewDetails?.Status === 'PENDING';
    const status = settings.stage === 'prod' ? fail : warn;
    results.push(
      status(
        check,
        `in the SES sandbox: mail reaches only verified addresses, 200 a day` +
          (pending ? ' (production access requested, under review)' : ''),
        pending
          ? `wait for the review of case ${account.Details?.ReviewDetails?.CaseId ?? '(see the Support Center)'}`
          : `SES console (${region}) → Account dashboard → Request production access, or ` +
              `aws sesv2 put-account-details --production-access-enabled --mail-type TRANSACTIONAL ` +
              `--website-url https://<site> --region ${region}`,
      ),
    );
  }
  if (account.EnforcementStatus === 'PROBATION') {
    results.push(
      warn(
        check,
        'on probation for its bounce or complaint rate',
        'SES console → Reputation metrics; fix the cause before sending more',
      ),
    );
  }
  if (results.length === 0) {
    const quota = account.SendQuota?.Max24HourSend;
    results.push(
      ok(
        check,
        `production access, sending enabled${quota === undefined ? '' : `, ${quota} mails a day`}`,
      ),
    );
  }
  return results;
};
