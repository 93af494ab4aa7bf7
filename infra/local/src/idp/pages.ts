import { escapeHtml, errorBox, page, type Message } from './html';
import { MIN_PASSWORD_LENGTH, SIGN_OUT_SCRIPT } from './settings';

/** The site's home page on the origin the person came from, e.g. `http://127.0.0.1:3000/`. */
const home = (siteOrigin: string) => `${siteOrigin}/`;

export interface LoginPageInput {
  readonly action: string;
  readonly signupHref: string;
  /** The site's page that mails a link to reset a product account's password. */
  readonly resetPasswordHref: string;
  /** The site's origin the person came from, for the link back. */
  readonly siteOrigin: string;
  readonly email?: string;
  readonly error?: Message;
}

/** The hosted login form. */
export function loginPage(input: LoginPageInput): string {
  const described = input.error ? ' aria-describedby="form-error"' : '';
  return page(
    'Sign in',
    `<p class="eyebrow">Welcome back</p>
<h1>Sign in</h1>
${errorBox(input.error)}
<form method="post" action="${escapeHtml(input.action)}"${described}>
<label>Email
<input type="email" name="email" autocomplete="username" required value="${escapeHtml(input.email ?? '')}"${input.error ? ' aria-invalid="true"' : ''}>
</label>
<label>Password
<input type="password" name="password" autocomplete="current-password" required>
</label>
<button type="submit">Sign in</button>
</form>
<p class="alt"><a href="${escapeHtml(input.resetPasswordHref)}">Forgot password?</a></p>
<p class="alt">New here? <a href="${escapeHtml(input.signupHref)}">Create an account</a></p>`,
    { siteHref: home(input.siteOrigin) },
  );
}

export interface SignupPageInput {
  readonly action: string;
  readonly loginHref: string;
  readonly siteOrigin: string;
  readonly email?: string;
  readonly name?: string;
  readonly error?: Message;
}

/** The hosted sign-up form. */
export function signupPage(input: SignupPageInput): string {
  return page(
    'Create an account',
    `<p class="eyebrow">Join Hatchworks</p>
<h1>Create an account</h1>
${errorBox(input.error)}
<form method="post" action="${escapeHtml(input.action)}">
<label>Email
<input type="email" name="email" autocomplete="email" required value="${escapeHtml(input.email ?? '')}">
</label>
<label><span>Password <span class="hint" id="password-hint">(at least ${MIN_PASSWORD_LENGTH} characters)</span></span>
<input type="password" name="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" aria-describedby="password-hint">
</label>
<label><span>Display name <span class="hint">(optional)</span></span>
<input type="text" name="name" autocomplete="name" maxlength="100" value="${escapeHtml(input.name ?? '')}">
</label>
<p class="note">Hatchworks emails you a link to confirm your address: your 500 welcome eggs arrive when you open it.</p>
<button type="submit">Create account (get 500 eggs!)</button>
</form>
<p class="alt">Already have an account? <a href="${escapeHtml(input.loginHref)}">Sign in</a></p>`,
    { siteHref: home(input.siteOrigin) },
  );
}

export interface CheckEmailPageInput {
  /** The address the product mailed the link to. */
  readonly email: string;
  /** The login form of the same sign-in, to continue once the address is proven. */
  readonly loginHref: string;
  readonly siteOrigin: string;
}

/**
 * After a sign-up: the account exists, its address is not proven. The link in the mail proves it
 * and brings the welcome eggs; signing in works from then on, with the same sign-in going on.
 */
export function checkEmailPage(input: CheckEmailPageInput): string {
  return page(
    'Check your email',
    `<p class="eyebrow">One more step</p>
<h1>Check your email</h1>
<p class="intro" role="status">We sent a link to <strong>${escapeHtml(input.email)}</strong>. Open it to confirm your address: your 500 welcome eggs arrive then, and you can sign in.</p>
<div class="actions"><a class="button" href="${escapeHtml(input.loginHref)}">Sign in</a></div>
<p class="alt">No mail after a few minutes? Look in your spam folder, or sign in to send the link again.</p>`,
    { siteHref: home(input.siteOrigin) },
  );
}

/**
 * The sign-out confirmation around the provider's own form (it carries the anti-forgery value):
 * plain submit buttons, since the CSP allows no inline script to submit it automatically.
 */
export function logoutPage(form: string, siteOrigin: string): string {
  return page(
    'Sign out',
    `<h1>Sign out of Hatchworks?</h1>
${form}
<div class="actions">
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<button type="submit" form="op.logoutForm" class="secondary">Stay signed in</button>
</div>`,
    { siteHref: home(siteOrigin) },
  );
}

/**
 * The sign-out of the site's own client: no question (the person asked on the site), the form is
 * sent at once by a same-origin script with `logout=yes`, ending the provider's session and
 * returning to the site. Without scripts its one button does the same.
 */
export function signingOutPage(form: string, siteOrigin: string): string {
  return page(
    'Signing out',
    `<h1>Signing you out…</h1>
${form}
<input type="hidden" form="op.logoutForm" name="logout" value="yes">
<noscript><button type="submit" form="op.logoutForm">Continue</button></noscript>
<script src="${SIGN_OUT_SCRIPT.path}"></script>`,
    { siteHref: home(siteOrigin) },
  );
}

/** Shown after a sign-out that had nowhere to return to. */
export function signedOutPage(siteOrigin: string): string {
  return page(
    'Signed out',
    `<h1>You are signed out</h1>
<p class="intro">You can close this page, or go back to the site and sign in again whenever you like.</p>
<div class="actions"><a class="button" href="${escapeHtml(home(siteOrigin))}">Back to Hatchworks</a></div>`,
    { siteHref: home(siteOrigin) },
  );
}

export interface ErrorPageInput {
  readonly siteOrigin: string;
  /** What happened, in words for people. */
  readonly message: string;
  /** The provider's own code and description, for whoever debugs it; hidden by default. */
  readonly details?: string;
}

/** Any failure of the hosted login, in words for people rather than OAuth error codes. */
export function errorPage({ siteOrigin, message, details }: ErrorPageInput): string {
  return page(
    'Sign-in problem',
    `<p class="eyebrow">Sign-in problem</p>
<h1>We couldn't sign you in</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
<p class="intro">Go back to Hatchworks and choose Login again: it starts a fresh sign-in.</p>
<div class="actions"><a class="button" href="${escapeHtml(home(siteOrigin))}">Back to Hatchworks</a></div>
${details ? `<details><summary>Technical details</summary><code>${escapeHtml(details)}</code></details>` : ''}`,
    { siteHref: home(siteOrigin), danger: true },
  );
}

/**
 * A failure the provider reports (`renderError`) in words for people: its error codes mean the
 * sign-in link was incomplete, out of date or not for this site, or that the provider failed.
 */
export function humanErrorMessage(error: string): string {
  switch (error) {
    case 'server_error':
      return 'Something went wrong on our side while signing you in.';
    case 'session_not_found':
    case 'invalid_grant':
    case 'expired_login_hint_token':
      return 'This sign-in has expired.';
    case 'access_denied':
      return 'The sign-in was cancelled.';
    default:
      return 'This sign-in link is incomplete or out of date, so the sign-in cannot go on.';
  }
}
