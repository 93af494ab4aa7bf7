import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteDefinition } from '@hatchworks/shared/routes';
import { PASSWORD_LIMITS } from '@hatchworks/shared/schemas/users';
import { PASSWORD_STORE_ACTIONS, type AppFunction } from '../aws/constructs/app-function';
import { statementsOfRole, type StatementJson } from './support/iam';
import {
  environmentOf,
  logicalIdOf,
  onlyResource,
  routeFunction,
  synthSite,
  type SynthesizedSite,
} from './support/synth-site';

/** The statements of a function's role that grant anything of Cognito. */
const cognitoStatements = (site: SynthesizedSite, fn: AppFunction): StatementJson[] =>
  statementsOfRole(site.template, logicalIdOf(site, fn.role)).filter((statement) =>
    [statement.Action].flat().some((action) => action.startsWith('cognito-idp:')),
  );

const PASSWORD_STORE_ROUTES = (ROUTES as readonly RouteDefinition[])
  .filter((route) => route.passwordStore === true)
  .map((route) => route.id)
  .sort();

describe('one password per account: the user pool as a password store', () => {
  let site: SynthesizedSite;
  beforeAll(() => {
    site = synthSite();
  });

  it('flags the sign-in, change, reset and sign-out-everywhere routes', () => {
    expect(PASSWORD_STORE_ROUTES).toEqual(
      ['ChangePassword', 'ConfirmPasswordReset', 'EndSessions', 'Login'].sort(),
    );
  });

  it("lets the app client's server-side sign-in check a password, never the client-side one", () => {
    // Act
    const client = onlyResource(site, 'AWS::Cognito::UserPoolClient');
    // Assess
    expect(client.Properties.ExplicitAuthFlows).toEqual(
      expect.arrayContaining(['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH']),
    );
    expect(client.Properties.ExplicitAuthFlows).not.toContain('ALLOW_USER_PASSWORD_AUTH');
  });

  it("judges a password by the product's rule: 10+ characters, no composition rules", () => {
    // Act
    const pool = onlyResource(site, 'AWS::Cognito::UserPool');
    // Assess
    expect(pool.Properties.Policies).toMatchObject({
      PasswordPolicy: {
        MinimumLength: PASSWORD_LIMITS.min,
        RequireLowercase: false,
        RequireUppercase: false,
        RequireNumbers: false,
        RequireSymbols: false,
      },
    });
  });

  it.each(PASSWORD_STORE_ROUTES)(
    'grants %s the three password calls on the pool alone, with its id and client',
    (routeId) => {
      // Prepare
      const fn = routeFunction(site, routeId);
      const pool = onlyResource(site, 'AWS::Cognito::UserPool');
      const client = onlyResource(site, 'AWS::Cognito::UserPoolClient');
      // Act
      const statements = cognitoStatements(site, fn);
      // Assess
      expect(statements).toEqual([
        {
          Effect: 'Allow',
          Action: [...PASSWORD_STORE_ACTIONS].sort(),
          Resource: { 'Fn::GetAtt': [pool.id, 'Arn'] },
        },
      ]);
      expect(environmentOf(site, fn)).toMatchObject({
        USER_POOL_ID: { Ref: pool.id },
        AUTH_CLIENT_ID: { Ref: client.id },
      });
    },
  );

  it('grants no other route function anything of Cognito', () => {
    // Act
    const holders = ROUTES.filter(
      (route) => cognitoStatements(site, routeFunction(site, route.id)).length > 0,
    );
    // Assess
    expect(holders.map((route) => route.id).sort()).toEqual(PASSWORD_STORE_ROUTES);
  });

  it("tells verify-user that the issuer is the stack's pool, without granting it a call", () => {
    // Prepare
    const fn = routeFunction(site, 'VerifyUser');
    const pool = onlyResource(site, 'AWS::Cognito::UserPool');
    // Act
    const env = environmentOf(site, fn);
    // Assess
    expect(env.USER_POOL_ID).toEqual({ Ref: pool.id });
    expect(cognitoStatements(site, fn)).toEqual([]);
  });
});

describe("the user pool's triggers: the hosted UI's forgot-password", () => {
  let site: SynthesizedSite;
  let trigger: AppFunction;
  beforeAll(() => {
    site = synthSite();
    const triggers = site.stack.loginTriggers;
    if (!triggers) throw new Error('no login triggers');
    trigger = triggers.handler;
  });

  it('is the post-confirmation trigger, which ends the sessions after a hosted reset', () => {
    // Prepare
    const functionArn = { 'Fn::GetAtt': [logicalIdOf(site, trigger.function), 'Arn'] };
    // Act
    const pool = onlyResource(site, 'AWS::Cognito::UserPool');
    // Assess
    expect(pool.Properties.LambdaConfig).toMatchObject({ PostConfirmation: functionArn });
  });

  it('may only sign users out in Cognito, with no pool settings', () => {
    // Act
    const statements = cognitoStatements(site, trigger);
    // Assess
    expect(statements).toEqual([
      {
        Effect: 'Allow',
        Action: 'cognito-idp:AdminUserGlobalSignOut',
        Resource: {
          'Fn::Join': [
            '',
            ['arn:aws:cognito-idp:us-east-1:', { Ref: 'AWS::AccountId' }, ':userpool/*'],
          ],
        },
      },
    ]);
    expect(environmentOf(site, trigger)).not.toHaveProperty('USER_POOL_ID');
  });
});

describe('the password store with an external issuer', () => {
  let site: SynthesizedSite;
  beforeAll(() => {
    site = synthSite({
      context: { authIssuer: 'https://login.example.com/', authClientId: 'spa' },
    });
  });

  it('grants no function anything of Cognito and names no pool', () => {
    // Act
    const holders = ROUTES.filter((route) => {
      const fn = routeFunction(site, route.id);
      const env = environmentOf(site, fn);
      return cognitoStatements(site, fn).length > 0 || 'USER_POOL_ID' in env;
    });
    // Assess
    expect(holders).toEqual([]);
    expect(site.stack.loginTriggers).toBeUndefined();
  });
});
