import { z } from 'zod';
import {
  DISPLAY_NAME_MAX,
  NAME_MESSAGES,
  hasHiddenCharacters,
  isReservedUsername,
} from './user-names';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** A user as the API answers it (spec 3, User). */
export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  display_name: z.string(),
  role: z.enum(ROLES),
  is_verified: z.boolean(),
  /** The account has a password of its own (it may change it; hosted-only accounts may not). */
  has_password: z.boolean(),
  egg_balance: z.number().int(),
  can_claim_daily: z.boolean(),
  member_since: z.string(),
  stats: z.object({
    features_created: z.number().int(),
    votes_cast: z.number().int(),
  }),
});
export type User = z.infer<typeof UserSchema>;

/** The username rules except the reserved names. */
const usernameText = () =>
  z
    .string()
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(30, 'Username must be at most 30 characters')
    .regex(/^[A-Za-z0-9_.-]+$/, 'Username may contain only letters, digits, "_", "." and "-"');

/**
 * 3–30 characters: letters, digits, '_', '.', '-'; unique regardless of case; not reserved
 * ('admin', 'Support-1', …: see `isReservedUsername`).
 */
export const UsernameSchema = usernameText().refine((name) => !isReservedUsername(name), {
  message: NAME_MESSAGES.usernameReserved,
});

/**
 * 1–60 characters after trimming, NFC-normalized (so one text has one spelling), without control
 * or invisible characters (bidi overrides and isolates, zero-width characters; an emoji's joiner
 * is fine).
 */
export const DisplayNameSchema = z
  .string()
  .trim()
  .normalize('NFC')
  .min(1, 'Display name is required')
  .max(DISPLAY_NAME_MAX, `Display name must be at most ${DISPLAY_NAME_MAX} characters`)
  .refine((name) => !hasHiddenCharacters(name), { message: NAME_MESSAGES.displayNameHidden });

export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid email address').max(254));

/** 10–128 characters; long passphrases beat composition rules. */
export const PasswordSchema = z
  .string()
  .min(10, 'Password must be at least 10 characters')
  .max(128, 'Password must be at most 128 characters');

/** Body of `POST /api/auth/register`. */
export const RegisterInputSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  username: UsernameSchema.optional(),
  display_name: DisplayNameSchema.optional(),
});
export type RegisterInput = z.input<typeof RegisterInputSchema>;

/** Body of `POST /api/auth/login`. */
export const LoginInputSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, 'Password is required').max(128),
});
export type LoginInput = z.input<typeof LoginInputSchema>;

/** `data` of login and password change: the user and the product's own bearer token. */
export const AuthResultSchema = z.object({ user: UserSchema, token: z.string() });
export type AuthResult = z.infer<typeof AuthResultSchema>;

/** `data` of register: the new, unverified user; the token comes with the first login. */
export const RegisterResultSchema = z.object({ user: UserSchema });
export type RegisterResult = z.infer<typeof RegisterResultSchema>;

/** A one-time token from a link the site mailed (`?token=` of the link). */
const OneTimeTokenSchema = z.string().trim().min(1, 'The token is missing').max(200);

/** Body of `POST /api/auth/verify-email`. */
export const VerifyEmailInputSchema = z.object({ token: OneTimeTokenSchema });
export type VerifyEmailInput = z.input<typeof VerifyEmailInputSchema>;

/** `data` of verify-email: the verified user and the welcome eggs this verification credited. */
export const VerifyEmailResultSchema = z.object({
  user: UserSchema,
  /** 500 for the first account of a person, 0 when the person had their welcome already. */
  welcome_eggs: z.number().int(),
});
export type VerifyEmailResult = z.infer<typeof VerifyEmailResultSchema>;

/** Body of `POST /api/auth/resend-verification`; a signed-in caller may leave it out. */
export const ResendVerificationInputSchema = z.object({ email: EmailSchema.optional() });
export type ResendVerificationInput = z.input<typeof ResendVerificationInputSchema>;

/** Body of `PUT /api/user/password`. */
export const PasswordChangeInputSchema = z.object({
  current_password: z.string().min(1, 'Current password is required').max(128),
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
  passwordReset: 'Your password has been reset. You can sign in with it now.',
  wrongCurrentPassword: 'The current password is not correct',
  noPassword:
    'This account signs in through the hosted login and has no password yet. Use "Forgot password" to set one.',
  unverifiedExisting:
    'An account with this email exists but its address is not verified yet. Open the link we emailed to it, or reset its password.',
} as const;

/** Body of `PUT /api/user/profile`. Email is not editable. */
export const ProfileUpdateSchema = z.object({
  display_name: DisplayNameSchema,
  username: UsernameSchema,
});
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;

/**
 * {@link ProfileUpdateSchema} for a user now called `currentUsername`: a name that became reserved
 * after they took it may be kept (in any case), so they can still change their display name.
 */
export function profileUpdateSchemaFor(currentUsername: string) {
  const current = currentUsername.toLowerCase();
  return z.object({
    display_name: DisplayNameSchema,
    username: usernameText().refine(
      (name) => name.toLowerCase() === current || !isReservedUsername(name),
      { message: NAME_MESSAGES.usernameReserved },
    ),
  });
}

/**
 * Body of `POST /api/auth0/verify-user`. Identity comes from the bearer token; `auth0_id`, when
 * sent, must equal the token's subject. Names are only suggestions for a new user.
 */
export const VerifyUserInputSchema = z.object({
  auth0_id: z.string().max(255).optional(),
  email: z.string().max(254).optional(),
  display_name: z.string().max(200).optional(),
  username: z.string().max(200).optional(),
  nickname: z.string().max(200).optional(),
});
export type VerifyUserInput = z.input<typeof VerifyUserInputSchema>;
