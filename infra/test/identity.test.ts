import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, usesTokens } from '@hatchworks/shared/routes';
import { RuntimeConfigSchema } from '@hatchworks/shared/schemas/runtime-config';
import { PASSWORD_LIMITS } from '@hatchworks/shared/schemas/users';
import { contentSecurityPolicy } from '../shared/security-headers';
import {
  logicalIdOf,
  onlyResource,
  resourcesOf,
  synthSite,
  type SynthesizedSite,
  type TemplateResource,
} from './support/synth-site';

const EXTERNAL = {
  authIssuer: 'https://hatchworks.eu.auth0.com/',
  authClientId: 'spa-client-id',
  authAudience: 'https://api.hatchworks.example',
};

/** The logical ids every resource refers to (Ref, GetAtt, DependsOn). */
function references(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) references(item, into);
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'Ref' && typeof inner === 'string') into.add(inner);
      else if (key === 'Fn::GetAtt' && Array.isArray(inner)) into.add(String(inner[0]));
      else references(inner, into);
    }
  }
  return into;
}

/** A dependency cycle among the template's resources, or undefined. */
function findCycle(resources: Record<string, TemplateResource>): string[] | undefined {
  const edges = new Map(
    Object.entries(resources).map(([id, resource]) => {
      const refs = references(
        resource.Properties ?? {},
        new Set([resource.DependsOn ?? []].flat()),
      );
      return [id, [...refs].filter((ref) => ref in resources)];
    }),
  );
  const state = new Map<string, 'open' | 'done'>();
  const visit = (id: string, path: string[]): string[] | undefined => {
    if (state.get(id) === 'done') return undefined;
    if (state.get(id) === 'open') return [...path.slice(path.indexOf(id)), id];
    state.set(id, 'open');
    for (const next of edges.get(id) ?? []) {
      const cycle = visit(next, [...path, id]);
      if (cycle) return cycle;
    }
    state.set(id, 'done');
    return undefined;
  };
  for (const id of edges.keys()) {
    const cycle = visit(id, []);
    if (cycle) return cycle;
  }
  return undefined;
}

/**
 * `/config.json` as staged by Source.jsonData, with each deploy-time value put back in place:
 * a string holding some becomes the list of its parts (text and CloudFormation expressions).
 */
function stagedConfig(site: SynthesizedSite): Record<string, unknown> {
  const outdir = site.app.outdir;
  const [file] = readdirSync(outdir, { recursive: true, encoding: 'utf8' }).filter((path) =>
    path.endsWith('config.json'),
  );
  if (!file) throw new Error('no staged config.json');
  const markers: Record<string, unknown> = {};
  for (const resource of Object.values(resourcesOf(site))) {
    if (resource.Type !== 'Custom::CDKBucketDeployment') continue;
    for (const map of (resource.Properties?.SourceMarkers as object[] | undefined) ?? []) {
      Object.assign(markers, map);
    }
  }
  const restore = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const parts = value
        .split(/(<<marker:0xbaba:\d+>>)/)
        .filter(Boolean)
        .map((part) => (part in markers ? markers[part] : part));
      return parts.length === 1 && typeof parts[0] === 'string' ? parts[0] : parts;
    }
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, restore(inner)]));
    }
    return value;
  };
  return restore(JSON.parse(readFileSync(join(outdir, file), 'utf8'))) as Record<string, unknown>;
}

function openFindings(site: SynthesizedSite): string[] {
  return new AwsSolutionsChecks()
    .validateScope(site.app)
    .violations.flatMap((violation) =>
      violation.violatingResources.map(
        (resource) => `${violation.ruleName} at ${resource.constructPath}`,
      ),
    );
}

function acknowledgedIds(site: SynthesizedSite): string[] {
  return site.app.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) => Object.keys(entry.data as object))
      .map((id) => id.replace(/^annotation::/i, '')),
  );
}

const functionOf = (site: SynthesizedSite, routeId: string) => {
  const fn = site.stack.api.functions.get(routeId);
  if (!fn) throw new Error(`no function for ${routeId}`);
  return fn;
};

const environmentOf = (site: SynthesizedSite, routeId: string): Record<string, unknown> => {
  const resources = resourcesOf(site);
  const resource = resources[logicalIdOf(site, functionOf(site, routeId).function)];
  return ((resource?.Properties?.Environment as { Variables?: Record<string, unknown> })
    ?.Variables ?? {}) as Record<string, unknown>;
};

describe('the default login: a Cognito user pool with its hosted UI', () => {
  let site: SynthesizedSite;
  beforeAll(() => {
    site = synthSite();
  });

  it('lets people sign up with their email, verified by a code, and keeps the pool', () => {
    // Act
    const pool = onlyResource(site, 'AWS::Cognito::UserPool');
    // Assess
    expect(pool).toMatchObject({
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
        UsernameAttributes: ['email'],
        UsernameConfiguration: { CaseSensitive: false },
        AutoVerifiedAttributes: ['email'],
        VerificationMessageTemplate: { DefaultEmailOption: 'CONFIRM_WITH_CODE' },
        DeletionProtection: 'ACTIVE',
        AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      },
    });
  });

  it('judges passwords as the product does and enforces Plus-tier threat protection', () => {
    expect(onlyResource(site, 'AWS::Cognito::UserPool').Properties).toMatchObject({
      Policies: {
        PasswordPolicy: {
          MinimumLength: PASSWORD_LIMITS.min,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        },
      },
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
    });
  });

  it('serves the hosted UI on a prefix domain made of the stack name and its unique id', () => {
    // Act
    const domain = onlyResource(site, 'AWS::Cognito::UserPoolDomain');
    // Assess
    expect(domain.Properties).toMatchObject({
      UserPoolId: { Ref: onlyResource(site, 'AWS::Cognito::UserPool').id },
      Domain: { 'Fn::Join': ['', ['hatchworks-prod-', expect.anything()]] },
    });
    expect(JSON.stringify(domain.Properties.Domain)).toContain('AWS::StackId');
  });

  it('gives the SPA a public client: no secret, code flow only, the OpenID scopes', () => {
    // Act
    const client = onlyResource(site, 'AWS::Cognito::UserPoolClient');
    // Assess
    expect(client.Properties).toMatchObject({
      GenerateSecret: false,
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: ['openid', 'profile', 'email'],
      SupportedIdentityProviders: ['COGNITO'],
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      RefreshTokenValidity: 30 * 24 * 60,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
    });
    expect(client.Properties.ExplicitAuthFlows).not.toContain('ALLOW_USER_PASSWORD_AUTH');
  });

  it("sends the browser back only to the SPA's callback, silent-renew, panel popup and home URLs", () => {
    // Prepare
    const host = { 'Fn::GetAtt': [logicalIdOf(site, site.stack.site.distribution), 'DomainName'] };
    const url = (path: string) => ({ 'Fn::Join': ['', ['https://', host, path]] });
    // Act
    const client = onlyResource(site, 'AWS::Cognito::UserPoolClient');
    // Assess
    expect(client.Properties.CallbackURLs).toEqual([
      url('/auth/callback'),
      url('/auth/silent-renew'),
      url('/auth/popup-callback'),
    ]);
    expect(client.Properties.LogoutURLs).toEqual([url('/')]);
  });

  it('has no circular dependency between the distribution and the client', () => {
    expect(findCycle(resourcesOf(site))).toBeUndefined();
  });

  it("writes the pool's issuer, the client, its logout endpoint and scopes to /config.json", () => {
    // Prepare
    const poolRef = { Ref: onlyResource(site, 'AWS::Cognito::UserPool').id };
    const clientRef = { Ref: onlyResource(site, 'AWS::Cognito::UserPoolClient').id };
    // Act
    const config = stagedConfig(site);
    // Assess
    expect(config).toMatchObject({
      apiBaseUrl: '/api',
      donation: null,
      auth: {
        // Prod's region is known at synth (its WAF and edge alarms reference it).
        authority: ['https://cognito-idp.us-east-1.', expect.anything(), '/', poolRef],
        clientId: [clientRef],
        endSessionEndpoint: expect.arrayContaining([
          'https://hatchworks-prod-',
          { 'Fn::Select': [0, expect.anything()] },
          expect.stringMatching(/\.amazoncognito\.com\/logout$/),
        ]),
        scope: 'openid profile email',
      },
    });
    expect(config.auth).not.toHaveProperty('audience');
  });

  it("lets the CSP reach Cognito's issuer and hosted UI, depending on no login resource", () => {
    // Act
    const policy = resourcesOf(site)[logicalIdOf(site, site.stack.site.securityHeaders)];
    const csp = JSON.stringify(
      (policy?.Properties?.ResponseHeadersPolicyConfig as Record<string, unknown>)
        .SecurityHeadersConfig,
    );
    // Assess
    expect(csp).toMatch(/connect-src 'self' https:\/\/cognito-idp\.[^;]* https:\/\/hatchworks-/);
    expect(csp).toContain('.amazoncognito.com;');
    expect(csp).toContain('AWS::StackId');
    expect(csp).not.toMatch(/"Ref":"Login/);
  });

  it("binds the functions' IdP tokens to the client, with no audience", () => {
    // Act
    const env = environmentOf(site, 'GetUserProfile');
    // Assess
    expect(env).toMatchObject({
      AUTH_ISSUER: expect.anything(),
      AUTH_CLIENT_ID: { Ref: onlyResource(site, 'AWS::Cognito::UserPoolClient').id },
    });
    expect(JSON.stringify(env.AUTH_ISSUER)).toContain(
      onlyResource(site, 'AWS::Cognito::UserPool').id,
    );
    expect(env).not.toHaveProperty('AUTH_AUDIENCE');
  });
});

describe('Cognito domains from the context', () => {
  it('uses the prefix of the context', () => {
    // Act
    const site = synthSite({ context: { authDomainPrefix: 'hatchworks-login' } });
    // Assess
    expect(onlyResource(site, 'AWS::Cognito::UserPoolDomain').Properties).toMatchObject({
      Domain: 'hatchworks-login',
    });
  });

  it('serves the hosted UI on an own domain and prints its DNS target', () => {
    // Act
    const site = synthSite({
      context: {
        authDomainName: 'login.hatchworks.example.com',
        authCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/login',
      },
    });
    // Assess
    expect(onlyResource(site, 'AWS::Cognito::UserPoolDomain').Properties).toMatchObject({
      Domain: 'login.hatchworks.example.com',
      CustomDomainConfig: {
        CertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/login',
      },
    });
    site.template.hasOutput('AuthDomainTarget', {});
    expect(stagedConfig(site)).toMatchObject({
      auth: { endSessionEndpoint: 'https://login.hatchworks.example.com/logout' },
    });
  });

  it("calls back to the site's own domain when it has one", () => {
    // Act
    const site = synthSite({
      context: {
        domainName: 'hatchworks.example.com',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
      },
    });
    // Assess
    expect(onlyResource(site, 'AWS::Cognito::UserPoolClient').Properties).toMatchObject({
      CallbackURLs: [
        'https://hatchworks.example.com/auth/callback',
        'https://hatchworks.example.com/auth/silent-renew',
        'https://hatchworks.example.com/auth/popup-callback',
      ],
      LogoutURLs: ['https://hatchworks.example.com/'],
    });
  });
});

describe('an external OpenID issuer', () => {
  let site: SynthesizedSite;
  beforeAll(() => {
    site = synthSite({ context: EXTERNAL });
  });

  it('creates no user pool, domain or client', () => {
    const types = Object.values(resourcesOf(site)).map((resource) => resource.Type);
    expect(types.filter((type) => type.startsWith('AWS::Cognito::'))).toEqual([]);
  });

  it('writes the issuer, client and audience to /config.json', () => {
    expect(RuntimeConfigSchema.parse(stagedConfig(site))).toEqual({
      apiBaseUrl: '/api',
      auth: {
        authority: EXTERNAL.authIssuer,
        clientId: EXTERNAL.authClientId,
        audience: EXTERNAL.authAudience,
      },
      donation: null,
    });
  });

  it('gives the token-using functions the issuer, client and audience', () => {
    expect(environmentOf(site, 'VerifyUser')).toMatchObject({
      AUTH_ISSUER: EXTERNAL.authIssuer,
      AUTH_CLIENT_ID: EXTERNAL.authClientId,
      AUTH_AUDIENCE: EXTERNAL.authAudience,
    });
  });

  it("lets the CSP reach the issuer's origin", () => {
    const origin = 'https://hatchworks.eu.auth0.com';
    expect(() =>
      site.template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
        ResponseHeadersPolicyConfig: {
          SecurityHeadersConfig: Match.objectLike({
            ContentSecurityPolicy: {
              ContentSecurityPolicy: contentSecurityPolicy({
                script: [],
                frame: [origin],
                connect: [origin],
                form: [origin],
              }),
              Override: true,
            },
          }),
        },
      }),
    ).not.toThrow();
  });

  it('still passes cdk-nag, without the Cognito acknowledgements', () => {
    expect(openFindings(site)).toEqual([]);
    expect(acknowledgedIds(site).filter((id) => id.includes('COG'))).toEqual([]);
  });
});

describe('the token settings of the context', () => {
  let site: SynthesizedSite;
  beforeAll(() => {
    site = synthSite({
      context: {
        authTokenTtlSeconds: '1800',
        loginMaxFailuresPerAccount: 3,
        loginMaxFailuresPerClient: '10',
        loginFailureWindowSeconds: '600',
      },
    });
  });

  it('gives the token-using functions the identity settings, and the others none', () => {
    // Act
    const holders = ROUTES.filter((route) => 'AUTH_ISSUER' in environmentOf(site, route.id));
    // Assess
    expect(holders.map((route) => route.id).sort()).toEqual(
      ROUTES.filter(usesTokens)
        .map((route) => route.id)
        .sort(),
    );
  });

  it('passes the token lifetime and login limits of the context to the token-using functions', () => {
    expect(environmentOf(site, 'Login')).toMatchObject({
      AUTH_TOKEN_TTL_SECONDS: '1800',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
      LOGIN_MAX_FAILURES_PER_CLIENT: '10',
      LOGIN_FAILURE_WINDOW_SECONDS: '600',
    });
  });

  it("leaves the functions' own defaults when the context sets no limits", () => {
    const env = environmentOf(synthSite(), 'Login');
    expect(Object.keys(env).filter((name) => name.startsWith('LOGIN_'))).toEqual([]);
    expect(env).not.toHaveProperty('AUTH_TOKEN_TTL_SECONDS');
  });
});

describe('threat protection switched off by the operator', () => {
  it('drops to the Essentials plan and acknowledges exactly that finding', () => {
    // Act
    const site = synthSite({ context: { authThreatProtection: 'off' } });
    // Assess
    expect(onlyResource(site, 'AWS::Cognito::UserPool').Properties).toMatchObject({
      UserPoolTier: 'ESSENTIALS',
    });
    expect(onlyResource(site, 'AWS::Cognito::UserPool').Properties).not.toHaveProperty(
      'UserPoolAddOns',
    );
    expect(openFindings(site)).toEqual([]);
    expect(acknowledgedIds(site)).toContain('AwsSolutions-COG8');
  });

  it('acknowledges no Plus-tier finding by default', () => {
    expect(acknowledgedIds(synthSite())).not.toContain('AwsSolutions-COG8');
  });
});

describe('the identity context', () => {
  it.each([
    [{ authIssuer: 'https://login.example.com/' }, /authClientId/],
    [{ authClientId: 'spa' }, /authIssuer/],
    [{ authIssuer: 'http://login.example.com/', authClientId: 'spa' }, /authIssuer.*https/],
    [{ authAudience: 'https://api.example.com' }, /authAudience.*authIssuer/],
    [{ ...EXTERNAL, authDomainPrefix: 'hatchworks' }, /authDomainPrefix.*Cognito/],
    [{ authDomainPrefix: 'Hatchworks' }, /authDomainPrefix/],
    [{ authDomainPrefix: 'my-aws-login' }, /authDomainPrefix.*aws/],
    [{ authDomainName: 'login.example.com' }, /authCertificateArn/],
    [
      {
        authDomainName: 'login.example.com',
        authCertificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/x',
      },
      /authCertificateArn.*us-east-1/,
    ],
    [
      {
        authDomainPrefix: 'hatchworks',
        authDomainName: 'login.example.com',
        authCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/x',
      },
      /not both/,
    ],
    [{ authThreatProtection: 'maybe' }, /authThreatProtection/],
    [{ loginMaxFailuresPerAccount: '0' }, /loginMaxFailuresPerAccount/],
    [{ loginFailureWindowSeconds: 'soon' }, /loginFailureWindowSeconds/],
    [{ authTokenTtlSeconds: '1.5' }, /authTokenTtlSeconds/],
    [{ stackName: 'AwsSite' }, /authDomainPrefix/],
    [{ tokenKeyGeneration: 'two words' }, /tokenKeyGeneration/],
    [{ originSecretGeneration: 'x'.repeat(33) }, /originSecretGeneration/],
  ])('refuses %o, naming what to fix', (context, message) => {
    expect(() => synthSite({ context })).toThrow(message);
  });
});
