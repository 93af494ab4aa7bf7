import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { bearer, registerUser } from '../../../test/support/accounts';
import { api } from '../../../test/support/api';
import { testStack } from '../../../test/support/stack';

/** Raises a user's token version in the table, as a password change or reset does. */
async function raiseTokenVersion(userId: string): Promise<void> {
  process.env.TABLE_NAME = testStack().tableName;
  process.env.DYNAMODB_ENDPOINT = testStack().dynamoEndpoint;
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const [{ db, tableName }, { userKeys }] = await Promise.all([
    import('@hatchworks/functions/modules/table/client'),
    import('@hatchworks/functions/modules/table/keys'),
  ]);
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: userKeys.item(userId),
      UpdateExpression: 'ADD token_version :one',
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
}

const login = (email: string, password: string) =>
  api<{ data: { token: string } }>('/api/auth/login', {
    method: 'POST',
    json: { email, password },
  });

describe("the product's own tokens and the token version", () => {
  it('stop working once the token version is raised, while a fresh login works', async () => {
    // Prepare
    const { user, token, password } = await registerUser();
    expect((await api('/api/user/profile', { headers: bearer(token) })).status).toBe(200);
    // Act
    await raiseTokenVersion(user.id);
    const old = await api('/api/user/profile', { headers: bearer(token) });
    const fresh = await login(user.email, password);
    // Assess
    expect(old.status).toBe(401);
    expect(old.body).toMatchObject({ success: false, code: 'AUTH_ERROR' });
    expect(fresh.status).toBe(200);
    const profile = await api('/api/user/profile', { headers: bearer(fresh.body.data.token) });
    expect(profile.status).toBe(200);
  });
});
