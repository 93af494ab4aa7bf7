import { DescribeStacksCommand, type Stack } from '@aws-sdk/client-cloudformation';
import { DescribeUserPoolDomainCommand } from '@aws-sdk/client-cognito-identity-provider';
import { CONTEXT_KEYS } from '../../../config/site-context';
import { derivedPrefixOf, derivedPrefixStem } from '../../../constructs/cognito-login';
import { errorName, fail, ok, type Check, type ClientsFor } from '../check';

/**
 * The deployed site stack, or undefined before its first deploy (DescribeStacks answers a
 * missing stack with a ValidationError "Stack with id … does not exist";
 * https://docs.aws.amazon.com/AWSCloudFormation/latest/APIReference/API_DescribeStacks.html).
 */
export async function deployedStack(
  clients: ClientsFor,
  region: string,
  stackName: string,
): Promise<Stack | undefined> {
  try {
    const { Stacks } = await clients(region).cloudFormation.send(
      new DescribeStacksCommand({ StackName: stackName }),
    );
    return Stacks?.[0];
  } catch (error) {
    if (errorName(error) === 'ValidationError' && /does not exist/.test((error as Error).message)) {
      return undefined;
    }
    throw error;
  }
}

/**
 * The hosted login's domain is free, or already this stack's: a prefix domain is unique within
 * its region across every account, a custom domain everywhere
 * (https://docs.aws.amazon.com/cognito/latest/developerguide/cognito-user-pools-assign-domain-prefix.html).
 * DescribeUserPoolDomain names the pool that holds a domain; for a free one it answers an empty
 * DomainDescription or ResourceNotFoundException
 * (https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_DescribeUserPoolDomain.html).
 * A derived prefix ends in the stack id's first 8 hex digits, unknown until the stack exists.
 */
export const checkCognitoDomain: Check = async ({ settings, region }, clients) => {
  const identity = settings.identity;
  if (identity.kind === 'external') {
    return [ok('Cognito domain', `external issuer ${identity.issuer}: no user pool`)];
  }
  const plan =
    identity.threatProtection === 'off'
      ? 'Essentials plan'
      : `Plus plan (threat protection ${identity.threatProtection})`;
  const check = `Cognito domain (${region})`;
  const stack = await deployedStack(clients, region, settings.stackName);
  const domain =
    identity.customDomain?.domainName ??
    identity.domainPrefix ??
    (stack?.StackId ? derivedPrefixOf(settings.stackName, stack.StackId) : undefined);
  if (!domain) {
    return [
      ok(
        check,
        `${derivedPrefixStem(settings.stackName)}-<first 8 hex digits of the new stack's id>, ` +
          `unique by its id; ${plan}`,
      ),
    ];
  }
  let owner: string | undefined;
  try {
    const { DomainDescription } = await clients(region).cognito.send(
      new DescribeUserPoolDomainCommand({ Domain: domain }),
    );
    owner = DomainDescription?.UserPoolId;
  } catch (error) {
    if (errorName(error) !== 'ResourceNotFoundException') throw error;
  }
  if (!owner) return [ok(check, `${domain} is free; ${plan}`)];
  const ownPool = stack?.Outputs?.find((output) => output.OutputKey === 'UserPoolId')?.OutputValue;
  if (owner === ownPool)
    return [ok(check, `${domain} is already this stack's (${owner}); ${plan}`)];
  const key = identity.customDomain
    ? CONTEXT_KEYS.authDomainName
    : identity.domainPrefix
      ? CONTEXT_KEYS.authDomainPrefix
      : `${CONTEXT_KEYS.authDomainPrefix} (or ${CONTEXT_KEYS.stackName})`;
  return [
    fail(
      check,
      `${domain} belongs to user pool ${owner}, not to ${settings.stackName}`,
      `choose another with -c ${key}=<domain>`,
    ),
  ];
};
