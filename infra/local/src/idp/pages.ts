import { escapeHtml, errorBox, page, type Message } from './html';
import { MIN_PASSWORD_LENGTH, SIGN_OUT_SCRIPT } from './settings';

export interface LoginPageInput {
  readonly action: string;
  readonly signupHref: string;
  /** The site's page that mails a link to reset a product account's password. */
  readonly resetPasswordHref: string;
  readonly email?: string;
  readonly error?: Message;
}

/** The hosted login form. */
export function loginPage(input: LoginPageInput): string {
  const described = input.error ? ' aria-describedby="form-error"' : '';
  return page(
    'Sign in',
    `<h1>Sign in</h1>
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
  );
}

export interface SignupPageInput {
  readonly action: string;
  readonly loginHref: string;
  readonly email?: string;
  readonly name?: string;
  readonly error?: Message;
}

/** The hosted sign-up form. */
export function signupPage(input: SignupPageInput): string {
  return page(
    'Create an account',
    `<h1>Create an account</h1>
${errorBox(input.error)}
<form method="post" action="${escapeHtml(input.action)}">
<label>Email
<input type="email" name="email" autocomplete="email" required value="${escapeHtml(input.email ?? '')}">
</label>
<label>Password <span class="hint" id="password-hint">At least ${MIN_PASSWORD_LENGTH} characters</span>
<input type="password" name="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" aria-describedby="password-hint">
</label>
<label>Display name <span class="hint">(optional)</span>
<input type="text" name="name" autocomplete="name" maxlength="100" value="${escapeHtml(input.name ?? '')}">
</label>
<p class="note">Hatchworks emails you a link to confirm your address: your 500 welcome eggs arrive when you open it.</p>
<button type="submit">Create account (get 500 eggs!)</button>
</form>
<p class="alt">Already have an account? <a href="${escapeHtml(input.loginHref)}">Sign in</a></p>`,
  );
}

/**
 * The sign-out confirmation around the provider's own form (it carries the anti-forgery value):
 * plain submit buttons, since the CSP allows no inline script to submit it automatically.
 */
export function logoutPage(form: string): string {
  return page(
    'Sign out',
    `<h1>Sign out of Hatchworks?</h1>
${form}
<div class="actions">
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<button type="submit" form="op.logoutForm" class="secondary">Stay signed in</button>
</div>`,
  );
}

/**
 * The sign-out of the site's own client: no question (the person asked on the site), the form is
 * sent at once by a same-origin script with `logout=yes`, ending the provider's session and
 * returning to the site. Without scripts its one button does the same.
 */
export function signingOutPage(form: string): string {
  return page(
    'Signing out',
    `<h1>Signing you out…</h1>
${form}
<input type="hidden" form="op.logoutForm" name="logout" value="yes">
<noscript><button type="submit" form="op.logoutForm">Continue</button></noscript>
<script src="${SIGN_OUT_SCRIPT.path}"></script>`,
  );
}

/** Shown after a sign-out that had nowhere to return to. */
export function signedOutPage(siteUrl: string): string {
  return page(
    'Signed out',
    `<h1>You are signed out</h1>
<p class="alt"><a href="${escapeHtml(siteUrl)}">Back to Hatchworks</a></p>`,
  );
}

/** Any failure of the hosted login, in words for people rather than OAuth error codes. */
export function errorPage(siteUrl: string, message: string): string {
  return page(
    'Sign-in problem',
    `<h1>Something went wrong</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
<p class="alt"><a href="${escapeHtml(siteUrl)}">Back to Hatchworks</a></p>`,
  );
}
