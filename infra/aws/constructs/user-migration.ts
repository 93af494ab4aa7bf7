import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { functionEntry } from '../paths';
import { AppFunction } from './app-function';
import type { CognitoLogin } from './cognito-login';

export interface UserMigrationProps {
  readonly login: CognitoLogin;
  readonly table: ITable;
  /** Log settings and the login limits (the trigger applies the login's failure limits). */
  readonly environment: Readonly<Record<string, string>>;
}

/**
 * Cognito's user-migration trigger (`functions/src/triggers/migrate-user.ts`): a person who
 * registered with email and password signs in on the hosted UI, and Cognito adopts the account
 * once the trigger has checked the password. It is a credentials function (it reads password
 * hashes and records failed attempts) with a role of its own and no token keys: Cognito, not
 * the trigger, issues the tokens.
 */
export class UserMigration extends Construct {
  readonly handler: AppFunction;

  constructor(scope: Construct, id: string, props: UserMigrationProps) {
    super(scope, id);
    this.handler = new AppFunction(this, 'Trigger', {
      spec: {
        id: 'MigrateUser',
        description: 'Cognito user migration: signs product accounts in on the hosted UI',
        entry: functionEntry('triggers/migrate-user'),
        table: 'readwrite',
        credentials: true,
        // Cognito waits 5 seconds for a trigger: the password hash needs the CPU of 1 GB.
        memorySize: 1024,
        timeout: Duration.seconds(5),
      },
      table: props.table,
      environment: props.environment,
    });
    props.login.addUserMigration(this.handler.function);
  }
}
