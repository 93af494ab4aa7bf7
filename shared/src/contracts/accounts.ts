import type { RouteContract } from '../contract';
import { PageQuerySchema } from '../schemas/envelope';
import {
  AuthResultSchema,
  LoginInputSchema,
  PasswordChangeInputSchema,
  PasswordResetConfirmInputSchema,
  PasswordResetInputSchema,
  PasswordResetResultSchema,
  ProfileUpdateSchema,
  RegisterInputSchema,
  RegisterResultSchema,
  ResendVerificationBodySchema,
  UserListSchema,
  UserSchema,
  VerifyEmailInputSchema,
  VerifyEmailResultSchema,
  VerifyUserBodySchema,
} from '../schemas/users';

export const register = {
  id: 'Register',
  method: 'POST',
  path: '/api/auth/register',
  access: 'public',
  body: RegisterInputSchema,
  data: RegisterResultSchema,
} as const satisfies RouteContract;

export const verifyEmail = {
  id: 'VerifyEmail',
  method: 'POST',
  path: '/api/auth/verify-email',
  access: 'public',
  body: VerifyEmailInputSchema,
  data: VerifyEmailResultSchema,
} as const satisfies RouteContract;

/** Always 202: it never tells whether an address has an account. */
export const resendVerification = {
  id: 'ResendVerification',
  method: 'POST',
  path: '/api/auth/resend-verification',
  access: 'public',
  // Without a body, a signed-in caller gets the mail at their own address.
  body: ResendVerificationBodySchema,
} as const satisfies RouteContract;

export const login = {
  id: 'Login',
  method: 'POST',
  path: '/api/auth/login',
  access: 'public',
  body: LoginInputSchema,
  data: AuthResultSchema,
} as const satisfies RouteContract;

/** Always 202, whether or not the address has an account. */
export const requestPasswordReset = {
  id: 'RequestPasswordReset',
  method: 'POST',
  path: '/api/auth/password-reset',
  access: 'public',
  body: PasswordResetInputSchema,
} as const satisfies RouteContract;

export const confirmPasswordReset = {
  id: 'ConfirmPasswordReset',
  method: 'POST',
  path: '/api/auth/password-reset/confirm',
  access: 'public',
  body: PasswordResetConfirmInputSchema,
  data: PasswordResetResultSchema,
} as const satisfies RouteContract;

/** Links (or creates) the product's user for a signed-in identity of the identity provider. */
export const verifyUser = {
  id: 'VerifyUser',
  method: 'POST',
  path: '/api/auth0/verify-user',
  access: 'user',
  body: VerifyUserBodySchema,
  data: UserSchema,
} as const satisfies RouteContract;

export const changePassword = {
  id: 'ChangePassword',
  method: 'PUT',
  path: '/api/user/password',
  access: 'user',
  body: PasswordChangeInputSchema,
  data: AuthResultSchema,
} as const satisfies RouteContract;

export const getUserProfile = {
  id: 'GetUserProfile',
  method: 'GET',
  path: '/api/user/profile',
  access: 'user',
  data: UserSchema,
} as const satisfies RouteContract;

/**
 * The server checks the body against the caller's current username (see `profileUpdateSchemaFor`):
 * a name reserved after they took it may be kept.
 */
export const updateUserProfile = {
  id: 'UpdateUserProfile',
  method: 'PUT',
  path: '/api/user/profile',
  access: 'user',
  body: ProfileUpdateSchema,
  bodyMessages: true,
  data: UserSchema,
} as const satisfies RouteContract;

export const deleteAccount = {
  id: 'DeleteAccount',
  method: 'DELETE',
  path: '/api/user/delete-account',
  access: 'user',
} as const satisfies RouteContract;

/** The caller with their latest ledger entries, requests and votes. */
export const getDashboard = {
  id: 'GetDashboard',
  method: 'GET',
  path: '/api/user/dashboard',
  access: 'user',
} as const satisfies RouteContract;

export const listUsers = {
  id: 'ListUsers',
  method: 'GET',
  path: '/api/admin/users',
  access: 'admin',
  query: PageQuerySchema,
  data: UserListSchema,
  page: true,
} as const satisfies RouteContract;

export const getAdminStats = {
  id: 'GetAdminStats',
  method: 'GET',
  path: '/api/admin/stats',
  access: 'admin',
} as const satisfies RouteContract;
