import * as z from '../zod';
import { DISPLAY_NAME_MAX, NAME_MESSAGES, looksLikeEmail } from './user-names';
import { noHiddenCharacters } from './text';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** A user as the API answers it. */
export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  display_name: z.string(),
  role: z.enum(ROLES),
  is_verified: z.boolean(),
  /** The account has a password of its own (it may change it; hosted-only accounts may not). */
  has_password: z.boolean(),
  egg_balance: z.number().check(z.int()),
  can_claim_daily: z.boolean(),
  /** After today's claim: when the next one opens (ISO 8601, midnight UTC); absent otherwise. */
  next_claim_at: z.optional(z.string()),
  member_since: z.string(),
  stats: z.object({
    features_created: z.number().check(z.int()),
    votes_cast: z.number().check(z.int()),
  }),
});
export type User = z.infer<typeof UserSchema>;

/**
 * 3–30 characters: letters, digits, '_', '.', '-'; unique regardless of case. Names that read as
 * the site's staff are refused by the server (functions/src/modules/accounts/staff-names.ts:
 * the confusables table it needs is too large for the web bundle).
 */
export const UsernameSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(3, 'Username must be at least 3 characters'),
    z.maxLength(30, 'Username must be at most 30 characters'),
    z.regex(/^[A-Za-z0-9_.-]+$/, 'Username may contain only letters, digits, "_", "." and "-"'),
  );

/**
 * 1–60 characters after trimming, NFC-normalized (so one text has one spelling), without control
 * or invisible characters (the text rule of every field, shared/src/schemas/text.ts), and not an
 * email address (display names are public). Staff names are refused by the server, as for
 * usernames.
 */
export const DisplayNameSchema = z.string().check(
  z.trim(),
  z.normalize('NFC'),
  z.minLength(1, 'Display name is required'),
  z.maxLength(DISPLAY_NAME_MAX, `Display name must be at most ${DISPLAY_NAME_MAX} characters`),
  noHiddenCharacters('Display name'),
  z.refine((name) => !looksLikeEmail(name), { message: NAME_MESSAGES.displayNameEmail }),
);

export const EmailSchema = z.pipe(
  z.string().check(z.trim(), z.toLowerCase()),
  z.email('Enter a valid email address').check(z.maxLength(254)),
);

/** The length bounds of a password (the web states them beside the field). */
export const PASSWORD_LIMITS = { min: 10, max: 128 } as const;

/** 10–128 characters; long passphrases beat composition rules. */
export const PasswordSchema = z
  .string()
  .check(
    z.minLength(PASSWORD_LIMITS.min, `Password must be at least ${PASSWORD_LIMITS.min} characters`),
    z.maxLength(PASSWORD_LIMITS.max, `Password must be at most ${PASSWORD_LIMITS.max} characters`),
  );

/** Body of `POST /api/auth/register`. */
export const RegisterInputSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  username: z.optional(UsernameSchema),
  display_name: z.optional(DisplayNameSchema),
});
export type RegisterInput = z.input<typeof RegisterInputSchema>;

/** Body of `POST /api/auth/login`. */
export const LoginInputSchema = z.object({
  email: EmailSchema,
  password: z.string().check(z.minLength(1, 'Password is required'), z.maxLength(128)),
});
export type LoginInput = z.input<typeof LoginInputSchema>;

/** `data` of login and password change: the user and the product's own bearer token. */
export const AuthResultSchema = z.object({ user: UserSchema, token: z.string() });
export type AuthResult = z.infer<typeof AuthResultSchema>;

/** `data` of register: the new, unverified user; the token comes with the first login. */
export const RegisterResultSchema = z.object({ user: UserSchema });
export type RegisterResult = z.infer<typeof RegisterResultSchema>;

/** A one-time token from a link the site mailed (`?token=` of the link). */
const OneTimeTokenSchema = z
  .string()
  .check(z.trim(), z.minLength(1, 'The token is missing'), z.maxLength(200));

/** Body of `POST /api/auth/verify-email`. */
export const VerifyEmailInputSchema = z.object({ token: OneTimeTokenSchema });
export type VerifyEmailInput = z.input<typeof VerifyEmailInputSchema>;

/** `data` of verify-email: the verified user and the welcome eggs this verification credited. */
export const VerifyEmailResultSchema = z.object({
  user: UserSchema,
  /** 500 for the first account of a person, 0 when the person had their welcome already. */
  welcome_eggs: z.number().check(z.int()),
});
export type VerifyEmailResult = z.infer<typeof VerifyEmailResultSchema>;

/** Body of `POST /api/auth/resend-verification`; a signed-in caller may leave it out. */
export const ResendVerificationInputSchema = z.object({ email: z.optional(EmailSchema) });
export type ResendVerificationInput = z.input<typeof ResendVerificationInputSchema>;

/** Body of `PUT /api/user/password`. */
export const PasswordChangeInputSchema = z.object({
  current_password: z
    .string()
    .check(z.minLength(1, 'Current password is required'), z.maxLength(128)),
  new_password: PasswordSchema,
});
export type PasswordChangeInput = z.input<typeof PasswordChangeInputSchema>;

/** Body of `POST /api/auth/password-reset`. */
export const PasswordResetInputSchema = z.object({ email: EmailSchema });
export type PasswordResetInput = z.input<typeof PasswordResetInputSchema>;

/** Body of `POST /api/auth/password-reset/confirm`. */
export const PasswordResetConfirmInputSchema = z.object({
  token: OneTimeTokenSchema,
  password: PasswordSchema,
});
export type PasswordResetConfirmInput = z.input<typeof PasswordResetConfirmInputSchema>;

/** `data` of password-reset/confirm: the user, now with the new password and a proven email. */
export const PasswordResetResultSchema = z.object({ user: UserSchema });
export type PasswordResetResult = z.infer<typeof PasswordResetResultSchema>;

/** What the account routes answer in `message` or `error`; the web shows the same texts. */
export const ACCOUNT_MESSAGES = {
  checkEmail: 'Check your email to verify your address.',
  verified: 'Your email address is verified.',
  verifyFirst: 'Please verify your email address first. We sent you a link.',
  invalidVerificationLink: 'This verification link is invalid or has expired.',
  invalidResetLink: 'This password reset link is invalid or has expired.',
  mailSent: 'If an account needs it, we sent an email to that address.',
  passwordChanged: 'Your password has been changed.',
  signedOutEverywhere: 'You were signed out everywhere.',
  passwordReset: 'Your password has been reset. You can sign in with it now.',
  wrongCurrentPassword: 'The current password is not correct',
  noPassword:
    'This account signs in through the hosted login and has no password yet. Use "Forgot password" to set one.',
  providerUnverified:
    'Your sign-in provider has not confirmed this email address yet. Confirm it there (look for its email), then sign in again.',
  unverifiedExisting:
    'An account with this email exists but its address is not verified yet. Open the link we emailed to it, or reset its password.',
} as const;

/**
 * Body of `PUT /api/user/profile`. Email is not editable. The server also refuses staff names,
 * except the caller's own and an admin's (functions/src/modules/accounts/staff-names.ts).
 */
export const ProfileUpdateSchema = z.object({
  display_name: DisplayNameSchema,
  username: UsernameSchema,
});
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;

/**
 * Body of `POST /api/auth0/verify-user`. Identity comes from the bearer token; `auth0_id`, when
 * sent, must equal the token's subject. Names are only suggestions for a new user.
 */
export const VerifyUserInputSchema = z.object({
  auth0_id: z.optional(z.string().check(z.maxLength(255))),
  email: z.optional(z.string().check(z.maxLength(254))),
  display_name: z.optional(z.string().check(z.maxLength(200))),
  username: z.optional(z.string().check(z.maxLength(200))),
  nickname: z.optional(z.string().check(z.maxLength(200))),
});
export type VerifyUserInput = z.input<typeof VerifyUserInputSchema>;

/** Body of `POST /api/auth/resend-verification`: none for a signed-in caller's own address. */
export const ResendVerificationBodySchema = z.optional(ResendVerificationInputSchema);

/** Body of `POST /api/auth0/verify-user`: optional. */
export const VerifyUserBodySchema = z.optional(VerifyUserInputSchema);
