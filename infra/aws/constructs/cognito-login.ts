import { Aws, CfnOutput, Duration, Fn, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  OAuthScope,
  StandardThreatProtectionMode,
  UserPool,
  UserPoolClientIdentityProvider,
  UserPoolOperation,
  VerificationEmailStyle,
  type UserPoolClient,
  type UserPoolDomain,
} from 'aws-cdk-lib/aws-cognito';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { POPUP_CALLBACK_PATH } from '@hatchworks/shared/embed';
import type { RuntimeConfig } from '@hatchworks/shared/schemas/runtime-config';
import { PASSWORD_LIMITS } from '@hatchworks/shared/schemas/users';
import {
  CONTEXT_KEYS,
  SiteContextError,
  checkDomainPrefix,
  type CognitoIdentitySettings,
} from '../config/site-context';
import type { PasswordStoreAccess } from './app-function';

/**
 * The SPA's paths Cognito may send the browser back to (see `web/src/lib/auth.ts`), and the
 * feedback panel's sign-in popup (`signinPopup`, shared/src/embed.ts).
 */
export const AUTH_CALLBACK_PATHS = [
  '/auth/callback',
  '/auth/silent-renew',
  POPUP_CALLBACK_PATH,
] as const;

/**
 * What the SPA asks Cognito for. Cognito refuses `offline_access` (the SPA's default for other
 * providers) with `invalid_scope`, and hands out a refresh token with the code flow anyway.
 */
export const COGNITO_SCOPE = 'openid profile email';

export interface CognitoLoginProps {
  readonly settings: CognitoIdentitySettings;
  /** `https://<site host>`, where the SPA runs; may be a deploy-time value. */
  readonly siteUrl: string;
  /** Deletion protection and retained on stack deletion (prod). @default true */
  readonly protect?: boolean;
}

/**
 * The hosted login when no external issuer is given: a user pool with self sign-up by email,
 * its hosted UI on a Cognito prefix domain (or the operator's own), and the SPA's public client
 * (no secret, authorization code flow only; Cognito requires PKCE from a public client using
 * the code flow). The pool holds every account, so it is kept when the stack goes away.
 */
export class CognitoLogin extends Construct {
  readonly userPool: UserPool;
  readonly domain: UserPoolDomain;
  readonly client: UserPoolClient;
  /** The OpenID issuer, `https://cognito-idp.<region>.amazonaws.com/<pool id>`. */
  readonly issuer: string;
  /** `https://<hosted UI domain>`: authorize, token, userinfo and logout endpoints. */
  readonly hostedUiUrl: string;
  /** The `auth` of `/config.json`. */
  readonly auth: NonNullable<RuntimeConfig['auth']>;
  /** What the functions that act on passwords (`passwordStore` routes) get of the pool. */
  readonly passwordStore: PasswordStoreAccess;

  constructor(scope: Construct, id: string, props: CognitoLoginProps) {
    super(scope, id);
    const { settings } = props;
    const plus = settings.threatProtection !== 'off';

    this.userPool = new UserPool(this, 'UserPool', {
      selfSignUpEnabled: true,
      // The email is the user name: no separate handle to remember, one account per address.
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      // A changed address takes effect only once the new one is verified.
      keepOriginal: { email: true },
      userVerification: { emailStyle: VerificationEmailStyle.CODE },
      standardAttributes: { email: { required: true, mutable: true } },
      // The product's own rule (10+ characters, no composition rules: long passphrases beat
      // them), so a password is judged the same at every door of the account.
      passwordPolicy: {
        minLength: PASSWORD_LIMITS.min,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(3),
      },
      // Offered, not forced: see the COG2 acknowledgement below.
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      featurePlan: plus ? FeaturePlan.PLUS : FeaturePlan.ESSENTIALS,
      ...(plus
        ? {
            standardThreatProtectionMode:
              settings.threatProtection === 'enforced'
                ? StandardThreatProtectionMode.FULL_FUNCTION
                : StandardThreatProtectionMode.AUDIT_ONLY,
          }
        : {}),
      // Prod's accounts outlive the stack; dev's go with it.
      deletionProtection: props.protect ?? true,
      removalPolicy: (props.protect ?? true) ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    // The hosted UI's URL is spelled out rather than taken from `domain.baseUrl()`, which
    // refers to the domain resource: the CSP is built from it, and the distribution then
    // depends on nothing of the login at all.
    const own = settings.customDomain;
    if (own) {
      this.domain = this.userPool.addDomain('Domain', {
        customDomain: {
          domainName: own.domainName,
          certificate: Certificate.fromCertificateArn(
            this,
            'DomainCertificate',
            own.certificateArn,
          ),
        },
      });
      this.hostedUiUrl = `https://${own.domainName}`;
    } else {
      const prefix = settings.domainPrefix ?? derivedPrefix(this);
      this.domain = this.userPool.addDomain('Domain', { cognitoDomain: { domainPrefix: prefix } });
      this.hostedUiUrl = `https://${prefix}.auth.${Stack.of(this).region}.amazoncognito.com`;
    }

    this.client = this.userPool.addClient('WebClient', {
      // A browser cannot keep a secret: a public client, which Cognito holds to PKCE.
      generateSecret: false,
      // People sign in on the hosted UI; SRP stays for Cognito's own tooling. The product's
      // functions check a password kept in the pool server-side with their IAM role
      // (AdminInitiateAuth, ADMIN_USER_PASSWORD_AUTH): `POST /api/auth/login` and the password
      // change. The password-only USER_PASSWORD_AUTH, which needs no credentials, stays off.
      authFlows: { userSrp: true, adminUserPassword: true },
      oAuth: {
        flows: { authorizationCodeGrant: true, implicitCodeGrant: false },
        scopes: [OAuthScope.OPENID, OAuthScope.PROFILE, OAuthScope.EMAIL],
        callbackUrls: AUTH_CALLBACK_PATHS.map((path) => `${props.siteUrl}${path}`),
        logoutUrls: [`${props.siteUrl}/`],
      },
      supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO],
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      authSessionValidity: Duration.minutes(5),
    });

    this.issuer = `https://cognito-idp.${Stack.of(this).region}.${Stack.of(this).urlSuffix}/${this.userPool.userPoolId}`;
    this.passwordStore = {
      userPoolArn: this.userPool.userPoolArn,
      environment: {
        USER_POOL_ID: this.userPool.userPoolId,
        AUTH_CLIENT_ID: this.client.userPoolClientId,
      },
    };
    this.auth = {
      authority: this.issuer,
      clientId: this.client.userPoolClientId,
      endSessionEndpoint: `${this.hostedUiUrl}/logout`,
      scope: COGNITO_SCOPE,
    };

    if (settings.customDomain) {
      new CfnOutput(Stack.of(this), 'AuthDomainTarget', {
        value: this.domain.cloudFrontEndpoint,
        description: `Alias target of the DNS record for ${settings.customDomain.domainName}`,
      });
    }
    new CfnOutput(Stack.of(this), 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(Stack.of(this), 'HostedUiUrl', { value: this.hostedUiUrl });
    this.acknowledgeFindings(plus);
  }

  /**
   * Lets people sign in on the hosted UI with the email and password of a verified product
   * account: Cognito calls `trigger` for a user it does not know yet and, when the trigger
   * vouches for the password, creates the user with it (the user-migration trigger; Cognito
   * allows the trigger 5 seconds). Only the user pool may invoke it.
   */
  addUserMigration(trigger: IFunction): void {
    this.userPool.addTrigger(UserPoolOperation.USER_MIGRATION, trigger);
  }

  /**
   * Runs `trigger` after a sign-up or a password reset is confirmed (the post-confirmation
   * trigger): the hosted UI's "Forgot your password?" ends the account's sessions through it.
   */
  addPostConfirmation(trigger: IFunction): void {
    this.userPool.addTrigger(UserPoolOperation.POST_CONFIRMATION, trigger);
  }

  private acknowledgeFindings(plus: boolean): void {
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG1',
      reason:
        `The pool judges passwords as the product does (${PASSWORD_LIMITS.min}+ characters, no ` +
        'composition rules), since an account keeps one password whichever door sets it: length ' +
        'beats composition rules (NIST SP 800-63B); on the Plus plan (the default) threat ' +
        'protection also blocks sign-ins with known compromised credentials.',
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        'MFA is offered (TOTP), not required: a community site whose accounts hold virtual ' +
        'eggs only would lose most sign-ups to a mandatory authenticator app. Long passwords ' +
        'and, by default, Plus-tier threat protection (compromised-credential and risky sign-in ' +
        'blocking) guard the accounts instead.',
    });
    if (!plus) {
      Validations.of(this.userPool).acknowledge({
        id: 'AwsSolutions-COG8',
        reason:
          `The operator set "${CONTEXT_KEYS.authThreatProtection}=off", choosing the ` +
          "Essentials plan (no per-user threat-protection cost); the product's own login keeps " +
          'its per-account and per-client failure limits, and Cognito its own lockout.',
      });
    }
  }
}

/**
 * The stack-name part of a derived prefix: the name in lower case, runs of other characters as
 * one hyphen, at most 54 characters (the id's 8 hex digits and a hyphen complete the 63).
 */
export function derivedPrefixStem(stackName: string): string {
  const stem = stackName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 54)
    .replace(/-+$/, '');
  try {
    return checkDomainPrefix(stem, CONTEXT_KEYS.stackName);
  } catch {
    throw new SiteContextError(
      `The stack name "${stackName}" gives no valid Cognito domain prefix; set ` +
        `"${CONTEXT_KEYS.authDomainPrefix}".`,
    );
  }
}

/**
 * The prefix derived for a stack with `stackId` (`arn:…:stack/<name>/<guid>`), as deployed:
 * `<stem>-<first 8 hex digits of the guid>`.
 */
export function derivedPrefixOf(stackName: string, stackId: string): string {
  const guid = stackId.split('/')[2] ?? '';
  return `${derivedPrefixStem(stackName)}-${guid.split('-')[0] ?? ''}`;
}

/**
 * `<stack name>-<first 8 hex digits of the stack's id>`: readable, and unique per deployed
 * stack, since a prefix domain must be unique within the whole region, across every account.
 */
function derivedPrefix(scope: Construct): string {
  const stack = Stack.of(scope);
  const stackGuid = Fn.select(2, Fn.split('/', Aws.STACK_ID));
  return `${derivedPrefixStem(stack.stackName)}-${Fn.select(0, Fn.split('-', stackGuid))}`;
}
