import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SSMClient } from '@aws-sdk/client-ssm';
import type { ClientsFor, RegionClients } from './check';

/**
 * The clients of each region, made once, with the operator's credentials from the SDK's default
 * provider chain (AWS_PROFILE, environment, SSO, instance role).
 */
export function awsClients(): ClientsFor {
  const made = new Map<string, RegionClients>();
  return (region) => {
    let clients = made.get(region);
    if (!clients) {
      clients = {
        cloudFormation: new CloudFormationClient({ region }),
        cognito: new CognitoIdentityProviderClient({ region }),
        lambda: new LambdaClient({ region }),
        ses: new SESv2Client({ region }),
        ssm: new SSMClient({ region }),
      };
      made.set(region, clients);
    }
    return clients;
  };
}
