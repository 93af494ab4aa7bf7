import { Duration, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { functionEntry } from '../paths';
import { acknowledgeWildcards } from './acknowledge-wildcards';
import { AppFunction } from './app-function';
import type { CognitoLogin } from './cognito-login';

export interface LoginTriggersProps {
  readonly login: CognitoLogin;
  readonly table: ITable;
  /** Log settings and the login limits (the migration applies the login's failure limits). */
  readonly environment: Readonly<Record<string, string>>;
}

/**
 * The user pool's Lambda triggers (`functions/src/triggers/login-triggers.ts`), one function for
 * both (a stack holds at most 500 resources; see infra/aws/README.md, "Resources"):
 *
 * - the user migration: a person who registered with email and password signs in on the hosted
 *   UI, and Cognito adopts the account once the trigger has checked the password and moved it
 *   into the pool. That makes it a credentials function (it reads and deletes password hashes and
 *   records failed attempts);
 * - the post confirmation: a reset through the hosted UI's "Forgot your password?" ends every
 *   session of the account (`AdminUserGlobalSignOut` and the user item's session end).
 *
 * Its role is its own, with no token keys: Cognito, not the trigger, issues the tokens.
 */
export class LoginTriggers extends Construct {
  readonly handler: AppFunction;

  constructor(scope: Construct, id: string, props: LoginTriggersProps) {
    super(scope, id);
    this.handler = new AppFunction(this, 'Function', {
      spec: {
        id: 'LoginTriggers',
        description:
          'Cognito triggers: product accounts sign in on the hosted UI; a hosted reset ends the sessions',
        entry: functionEntry('triggers/login-triggers'),
        table: 'readwrite',
        credentials: true,
        // Cognito waits 5 seconds for a trigger: the password hash needs the CPU of 1 GB.
        memorySize: 1024,
        timeout: Duration.seconds(5),
      },
      table: props.table,
      environment: props.environment,
    });
    // The pool names this function as its trigger, so the role cannot name the pool back (a
    // circular dependency): the grant covers the pools of this account and region, for the one
    // call that only signs users out, and the function names the pool of Cognito's event.
    const anyPool = Stack.of(this).formatArn({
      service: 'cognito-idp',
      resource: 'userpool',
      resourceName: '*',
    });
    this.handler.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['cognito-idp:AdminUserGlobalSignOut'],
        resources: [anyPool],
      }),
    );
    acknowledgeWildcards(this, [
      {
        finding:
          /^Resource::arn:(?:aws[\w-]*|<AWS::Partition>):cognito-idp:(?:[\w-]+|<AWS::Region>):(?:\d{12}|<AWS::AccountId>):userpool\/\*$/,
        reason:
          'AdminUserGlobalSignOut after a hosted password reset: the user pool names this ' +
          "function as its trigger, so the function's role cannot name the pool without a " +
          'circular dependency; the grant is this one sign-out call, on the pools of this ' +
          'account and region.',
      },
    ]);
    props.login.addUserMigration(this.handler.function);
    props.login.addPostConfirmation(this.handler.function);
  }
}
