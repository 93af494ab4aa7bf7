import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, usesTokens, type SecretName } from '@hatchworks/shared/routes';
import type { AppFunction } from '../aws/constructs/app-function';
import { SECRET_KEY_LENGTH, manifestSecretNames } from '../aws/constructs/function-secrets';
import { TABLE_ACTIONS } from '../aws/constructs/table-actions';
import { statementsOfRole, type StatementJson } from './support/iam';
import {
  environmentOf,
  logicalIdOf,
  resourcesOf,
  routeFunction,
  synthSite,
  type SynthesizedSite,
} from './support/synth-site';

const statementsOf = (site: SynthesizedSite, fn: AppFunction): StatementJson[] =>
  statementsOfRole(site.template, logicalIdOf(site, fn.role));

/** Whether a statement covers `resource`, alone or among others (grants of the same actions merge). */
const namesResource = (statement: StatementJson, resource: unknown): boolean =>
  [statement.Resource].flat().some((each) => JSON.stringify(each) === JSON.stringify(resource));

/** The ids of the route functions whose role may read the secret `secretId` (a logical id). */
function readersOf(site: SynthesizedSite, secretId: string): string[] {
  return ROUTES.filter((route) =>
    statementsOf(site, routeFunction(site, route.id)).some(
      (statement) =>
        statement.Effect === 'Allow' &&
        [statement.Action].flat().includes('secretsmanager:GetSecretValue') &&
        namesResource(statement, { Ref: secretId }),
    ),
  ).map((route) => route.id);
}

const ids = (routes: readonly { id: string }[]) => routes.map((route) => route.id).sort();

/** The explicit deny of `CREDENTIAL#*` items, as it must read on a role. */
const credentialDeny = (site: SynthesizedSite) => {
  const tableArn = { 'Fn::GetAtt': [logicalIdOf(site, site.stack.table.table), 'Arn'] };
  return {
    Sid: 'DenyCredentialItems',
    Effect: 'Deny',
    Action: [...TABLE_ACTIONS.readwrite].sort(),
    Resource: [tableArn, { 'Fn::Join': ['', [tableArn, '/index/*']] }],
    Condition: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': ['CREDENTIAL#*'] } },
  };
};

const denies = (site: SynthesizedSite, fn: AppFunction) =>
  statementsOf(site, fn).filter((statement) => statement.Effect === 'Deny');

describe("the product's own token keys on AWS", () => {
  let site: SynthesizedSite;
  beforeAll(() => {
    site = synthSite();
  });

  it('keeps the private keys in a retained secret that a custom resource of ours fills', () => {
    // Prepare
    const secretId = logicalIdOf(site, site.stack.signingKey.secret);
    // Act
    const resources = resourcesOf(site);
    const [resource, ...more] = Object.values(resources).filter(
      (each) => each.Type === 'Custom::TokenSigningKey',
    );
    // Assess
    expect(more).toEqual([]);
    expect(resource?.Properties).toMatchObject({ SecretArn: { Ref: secretId }, Generation: '1' });
    site.template.hasResource('AWS::SecretsManager::Secret', {
      Properties: { GenerateSecretString: { PasswordLength: 32, ExcludePunctuation: true } },
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
    expect(resources[secretId]?.Properties).not.toHaveProperty('SecretString');
  });

  it('lets only the token-issuing routes read the private keys, by TOKEN_SIGNING_KEY_ARN', () => {
    // Prepare
    const secretId = logicalIdOf(site, site.stack.signingKey.secret);
    const signers = ROUTES.filter((route) => 'signsTokens' in route && route.signsTokens);
    // Act
    const readers = readersOf(site, secretId);
    const holders = ROUTES.filter(
      (route) => 'TOKEN_SIGNING_KEY_ARN' in environmentOf(site, routeFunction(site, route.id)),
    );
    // Assess
    expect(ids(signers)).toEqual(expect.arrayContaining(['Login', 'ChangePassword']));
    // Registration answers no token: the first one comes with the first login.
    expect(ids(signers)).not.toContain('Register');
    expect(readers.sort()).toEqual(ids(signers));
    expect(ids(holders)).toEqual(ids(signers));
    expect(environmentOf(site, routeFunction(site, 'Login')).TOKEN_SIGNING_KEY_ARN).toEqual({
      Ref: secretId,
    });
  });

  it('gives the generator alone write access to the private keys', () => {
    // Prepare
    const secretRef = { Ref: logicalIdOf(site, site.stack.signingKey.secret) };
    // Grants sit in roles' inline policies (FunctionRole) or in attached policy resources.
    const writers = Object.entries(resourcesOf(site)).filter(
      ([, resource]) =>
        (resource.Type === 'AWS::IAM::Role' || resource.Type === 'AWS::IAM::Policy') &&
        JSON.stringify(resource.Properties).includes('secretsmanager:PutSecretValue'),
    );
    // Act
    const generator = statementsOf(site, site.stack.signingKey.generator);
    // Assess
    expect(writers).toHaveLength(1);
    expect(generator).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Effect: 'Allow',
          Action: expect.arrayContaining(['secretsmanager:PutSecretValue']),
          Resource: secretRef,
        }),
      ]),
    );
  });

  it.each(ROUTES.filter(usesTokens).map((route) => route.id))(
    'gives %s (it verifies tokens) the public keys of the custom resource, in plain configuration',
    (routeId) => {
      const env = environmentOf(site, routeFunction(site, routeId));

      expect(env.TOKEN_VERIFY_KEYS).toEqual({
        'Fn::GetAtt': [logicalIdOf(site, site.stack.signingKey.resource), 'PublicKeys'],
      });
    },
  );

  it('gives no function a private key in its configuration, and non-token routes no keys', () => {
    // Act
    const all = ROUTES.map((route) => environmentOf(site, routeFunction(site, route.id)));
    const withoutTokens = ROUTES.filter((route) => !usesTokens(route)).map((route) =>
      environmentOf(site, routeFunction(site, route.id)),
    );
    // Assess
    expect(all.filter((env) => 'TOKEN_SIGNING_KEY' in env)).toEqual([]);
    expect(withoutTokens.length).toBeGreaterThan(0);
    for (const env of withoutTokens) {
      expect(Object.keys(env).filter((name) => name.startsWith('TOKEN_'))).toEqual([]);
    }
  });

  it('leaves the password hash cost at its default in every function (only tests lower it)', () => {
    // Act
    const all = ROUTES.map((route) => environmentOf(site, routeFunction(site, route.id)));

    // Assess
    expect(all.filter((env) => 'PASSWORD_SCRYPT_N' in env)).toEqual([]);
  });

  it('rotates only with a new tokenKeyGeneration, keeping the same secret', () => {
    // Act
    const rotated = synthSite({ context: { tokenKeyGeneration: '2' } });
    // Assess
    expect(logicalIdOf(rotated, rotated.stack.signingKey.secret)).toBe(
      logicalIdOf(site, site.stack.signingKey.secret),
    );
    rotated.template.hasResourceProperties('Custom::TokenSigningKey', { Generation: '2' });
  });
});

describe("the functions' secret keys on AWS", () => {
  let site: SynthesizedSite;
  beforeAll(() => {
    site = synthSite();
  });

  it('makes one retained, generated secret per key the manifest names', () => {
    // Act
    const names = [...site.stack.secrets.secrets.keys()];
    // Assess
    expect(names).toEqual(manifestSecretNames());
    expect(names).toContain('ANONYMOUS_ID_KEY');
    for (const secret of site.stack.secrets.secrets.values()) {
      site.template.hasResource('AWS::SecretsManager::Secret', {
        Properties: {
          GenerateSecretString: { PasswordLength: SECRET_KEY_LENGTH, ExcludePunctuation: true },
        },
        DeletionPolicy: 'Retain',
      });
      expect(resourcesOf(site)[logicalIdOf(site, secret)]?.Properties).not.toHaveProperty(
        'SecretString',
      );
    }
  });

  it.each(manifestSecretNames())(
    'lets exactly the routes that list %s read it, by <NAME>_ARN',
    (name: SecretName) => {
      // Prepare
      const secret = site.stack.secrets.secrets.get(name);
      if (!secret) throw new Error(`no secret ${name}`);
      const listing = ROUTES.filter((route) =>
        ('secrets' in route ? (route.secrets as readonly string[]) : []).includes(name),
      );
      // Act
      const readers = readersOf(site, logicalIdOf(site, secret));
      const holders = ROUTES.filter(
        (route) => `${name}_ARN` in environmentOf(site, routeFunction(site, route.id)),
      );
      // Assess
      expect(listing.length).toBeGreaterThan(0);
      expect(readers.sort()).toEqual(ids(listing));
      expect(ids(holders)).toEqual(ids(listing));
    },
  );

  it('marks the tracker routes that read or issue the anonymous cookie', () => {
    const readers = readersOf(
      site,
      logicalIdOf(site, site.stack.secrets.secrets.get('ANONYMOUS_ID_KEY') ?? site.stack),
    );

    expect(readers).toEqual(expect.arrayContaining(['TrackerVote', 'CreateTrackerFeatureRequest']));
    expect(readers).not.toContain('GetTrackerStats');
    expect(readers).not.toContain('Login');
  });

  it.each(ROUTES.map((route) => route.id))(
    'grants %s no secret beyond the origin secret, its signing key and its listed secrets',
    (routeId) => {
      // Prepare
      const route = ROUTES.find((each) => each.id === routeId);
      const expected = [
        site.stack.originSecret.secret,
        ...('signsTokens' in (route ?? {}) ? [site.stack.signingKey.secret] : []),
        ...((route && 'secrets' in route ? route.secrets : []) as readonly SecretName[]).map(
          (name) => site.stack.secrets.secrets.get(name),
        ),
      ].map((secret) => ({ Ref: secret ? logicalIdOf(site, secret) : '' }));
      // Act
      const granted = statementsOf(site, routeFunction(site, routeId))
        .filter((statement) =>
          [statement.Action].flat().some((action) => action.startsWith('secretsmanager:')),
        )
        .flatMap((statement) => [statement.Resource].flat());
      // Assess
      expect(granted).toEqual(expected);
    },
  );
});

describe('password hashes on AWS: only credentials functions may touch CREDENTIAL# items', () => {
  let site: SynthesizedSite;
  beforeAll(() => {
    site = synthSite();
  });

  it.each(['ListProjects', 'GetTrackerStats', 'GetUserProfile'])(
    'denies %s every table action on a CREDENTIAL# partition, explicitly',
    (routeId) => {
      expect(denies(site, routeFunction(site, routeId))).toEqual([credentialDeny(site)]);
    },
  );

  it.each(ROUTES.filter((route) => !('credentials' in route)).map((route) => route.id))(
    'denies %s (not a credentials route) the CREDENTIAL# items',
    (routeId) => {
      expect(denies(site, routeFunction(site, routeId))).toEqual([credentialDeny(site)]);
    },
  );

  it('leaves the credentials routes (Login, account deletion, ...) without the deny', () => {
    // Act
    const credentialRoutes = ROUTES.filter((route) => 'credentials' in route && route.credentials);
    // Assess
    expect(ids(credentialRoutes)).toEqual(expect.arrayContaining(['DeleteAccount', 'Login']));
    expect(ids(credentialRoutes)).not.toContain('GetUserProfile');
    for (const route of credentialRoutes) {
      expect(denies(site, routeFunction(site, route.id))).toEqual([]);
    }
  });
});

describe('the origin lock on AWS', () => {
  let site: SynthesizedSite;
  beforeAll(() => {
    site = synthSite();
  });

  const origins = (target: SynthesizedSite) => {
    const [distribution] = Object.values(
      target.template.findResources('AWS::CloudFront::Distribution'),
    ) as { Properties: { DistributionConfig: { Origins: Record<string, unknown>[] } } }[];
    return distribution?.Properties.DistributionConfig.Origins ?? [];
  };

  it('has CloudFront send the generated origin secret to the API origin only', () => {
    // Prepare
    const value = site.stack.resolve(site.stack.originSecret.value) as unknown;
    // Act
    const [bucket, api, ...more] = origins(site);
    // Assess
    expect(more).toEqual([]);
    expect(api).toMatchObject({
      CustomOriginConfig: { OriginProtocolPolicy: 'https-only' },
      OriginCustomHeaders: [{ HeaderName: 'x-origin-verify', HeaderValue: value }],
    });
    expect(bucket).not.toHaveProperty('OriginCustomHeaders');
    expect(JSON.stringify(value)).toContain('{{resolve:secretsmanager:');
    expect(JSON.stringify(value)).toContain(logicalIdOf(site, site.stack.originSecret.secret));
  });

  it.each(ROUTES.map((route) => route.id))(
    "gives %s the origin secret's ARN and the right to read it, never the value",
    (routeId) => {
      // Prepare
      const fn = routeFunction(site, routeId);
      const secretArn = { Ref: logicalIdOf(site, site.stack.originSecret.secret) };
      // Act
      const environment = environmentOf(site, fn);
      const reads = statementsOf(site, fn).filter((statement) =>
        namesResource(statement, secretArn),
      );
      // Assess
      expect(environment.ORIGIN_VERIFY_SECRET_ARN).toEqual(secretArn);
      expect(environment).not.toHaveProperty('ORIGIN_VERIFY_SECRET');
      expect(JSON.stringify(environment)).not.toContain('{{resolve:');
      expect(reads).toEqual([
        expect.objectContaining({
          Effect: 'Allow',
          Action: ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'],
        }),
      ]);
    },
  );

  it('makes a new value for a new originSecretGeneration, in CloudFront and the functions', () => {
    // Act
    const rotated = synthSite({ context: { originSecretGeneration: '2' } });
    // Assess
    const secretId = logicalIdOf(rotated, rotated.stack.originSecret.secret);
    expect(secretId).not.toBe(logicalIdOf(site, site.stack.originSecret.secret));
    expect(JSON.stringify(origins(rotated))).toContain(secretId);
    expect(JSON.stringify(environmentOf(rotated, routeFunction(rotated, 'GetHealth')))).toContain(
      secretId,
    );
  });
});

const TRIGGERS_DESCRIPTION =
  'Cognito triggers: product accounts sign in on the hosted UI; a hosted reset ends the sessions';

describe("the user pool's triggers (migration, post confirmation)", () => {
  let site: SynthesizedSite;
  let trigger: AppFunction;
  beforeAll(() => {
    site = synthSite();
    const triggers = site.stack.loginTriggers;
    if (!triggers) throw new Error('no login triggers');
    trigger = triggers.handler;
  });

  it("is the pool's migration and post-confirmation trigger, invocable by that pool alone", () => {
    // Prepare
    const functionArn = { 'Fn::GetAtt': [logicalIdOf(site, trigger.function), 'Arn'] };
    const poolId = logicalIdOf(site, site.stack.cognito?.userPool ?? site.stack);
    const fromPool = {
      Action: 'lambda:InvokeFunction',
      FunctionName: functionArn,
      Principal: 'cognito-idp.amazonaws.com',
      SourceArn: { 'Fn::GetAtt': [poolId, 'Arn'] },
    };
    // Act
    const pool = resourcesOf(site)[poolId];
    const permissions = Object.values(resourcesOf(site)).filter(
      (resource) =>
        resource.Type === 'AWS::Lambda::Permission' &&
        JSON.stringify(resource.Properties?.FunctionName) === JSON.stringify(functionArn),
    );
    // Assess
    expect(pool?.Properties?.LambdaConfig).toEqual({
      UserMigration: functionArn,
      PostConfirmation: functionArn,
    });
    // One permission per trigger, both for the pool alone.
    expect(permissions.map((permission) => permission.Properties)).toEqual([fromPool, fromPool]);
  });

  it('runs the login-triggers handler within Cognito’s 5 seconds, with the CPU of 1 GB', () => {
    expect(resourcesOf(site)[logicalIdOf(site, trigger.function)]?.Properties).toMatchObject({
      Description: TRIGGERS_DESCRIPTION,
      Runtime: 'nodejs22.x',
      Timeout: 5,
      MemorySize: 1024,
    });
  });

  it('has its own role: the table, credential items included, and no keys at all', () => {
    // Act
    const statements = statementsOf(site, trigger);
    const env = environmentOf(site, trigger);
    // Assess
    expect(denies(site, trigger)).toEqual([]);
    expect(
      statements
        .flatMap((statement) => [statement.Action].flat())
        .filter((a) => a.startsWith('dynamodb:')),
    ).toEqual(expect.arrayContaining([...TABLE_ACTIONS.readwrite]));
    expect(JSON.stringify(statements)).not.toContain('secretsmanager:');
    expect(
      Object.keys(env).filter((name) =>
        /^(TOKEN_|ANONYMOUS|IDENTITY|AUTH_ISSUER|USER_POOL)/.test(name),
      ),
    ).toEqual([]);
    expect(env).toHaveProperty('TABLE_NAME');
  });

  it('is not made with an external issuer (no user pool to migrate into)', () => {
    // Act
    const external = synthSite({
      context: { authIssuer: 'https://login.example.com/', authClientId: 'spa' },
    });
    // Assess
    expect(external.stack.loginTriggers).toBeUndefined();
    external.template.resourcePropertiesCountIs(
      'AWS::Lambda::Function',
      { Description: TRIGGERS_DESCRIPTION },
      0,
    );
  });
});
