import { describe, expect, it } from 'vitest';
import {
  isAccessTokenStale,
  safeReturnPath,
  signOutQueryParams,
  userManagerSettings,
} from '../../src/lib/auth';

describe('hosted login settings', () => {
  const settings = userManagerSettings(
    { authority: 'https://id.example/idp', clientId: 'hatchworks-web', audience: 'urn:api' },
    'https://site.example',
  );

  it('uses the code flow with the callback, silent-renew and logout addresses of the site', () => {
    expect(settings).toMatchObject({
      authority: 'https://id.example/idp',
      client_id: 'hatchworks-web',
      response_type: 'code',
      redirect_uri: 'https://site.example/auth/callback',
      silent_redirect_uri: 'https://site.example/auth/silent-renew',
      post_logout_redirect_uri: 'https://site.example/',
      scope: 'openid profile email offline_access',
      resource: 'urn:api',
      automaticSilentRenew: true,
    });
  });

  it('applies the identity provider timeouts and expiry margin', () => {
    expect(settings.requestTimeoutInSeconds).toBe(10);
    expect(settings.accessTokenExpiringNotificationTimeInSeconds).toBe(60);
    expect(settings.popupWindowFeatures?.closePopupWindowAfterInSeconds).toBe(60);
  });
});

describe('isAccessTokenStale', () => {
  it('treats tokens expiring within 60 s as expired', () => {
    expect(isAccessTokenStale({ access_token: 'a', expires_in: 60 })).toBe(true);
    expect(isAccessTokenStale({ access_token: 'a', expires_in: 61 })).toBe(false);
    expect(isAccessTokenStale({ access_token: '', expires_in: 3600 })).toBe(true);
  });
});

describe('safeReturnPath', () => {
  it('keeps a path of this site', () => {
    expect(safeReturnPath('/profile?tab=1#x')).toBe('/profile?tab=1#x');
  });

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    42,
    undefined,
    '/auth/callback?code=1',
  ])('falls back to Home for %s', (value) => {
    expect(safeReturnPath(value)).toBe('/');
  });
});

describe('hosted login settings for Cognito', () => {
  const cognito = {
    authority: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_abc',
    clientId: 'client-1',
    scope: 'openid profile email',
    endSessionEndpoint: 'https://site-auth.auth.eu-west-1.amazoncognito.com/logout',
  };

  it('asks for the configured scopes and seeds the logout endpoint discovery lacks', () => {
    const settings = userManagerSettings(cognito, 'https://site.example');

    expect(settings.scope).toBe('openid profile email');
    expect(settings.metadataSeed).toEqual({ end_session_endpoint: cognito.endSessionEndpoint });
  });

  it("logs out with Cognito's client_id and logout_uri, and adds nothing for a standard IdP", () => {
    expect(signOutQueryParams(cognito, 'https://site.example')).toEqual({
      client_id: 'client-1',
      logout_uri: 'https://site.example/',
    });
    expect(
      signOutQueryParams(
        { authority: 'https://idp.example', clientId: 'c' },
        'https://site.example',
      ),
    ).toEqual({});
  });
});
