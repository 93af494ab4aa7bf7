/**
 * Contracts of the accounts operations, one module each so that a bundle keeps only the schemas of
 * the operations it calls (a bundler keeps a module's every schema, used or not).
 */
export { register } from './accounts/register';
export { verifyEmail } from './accounts/verify-email';
export { resendVerification } from './accounts/resend-verification';
export { login } from './accounts/login';
export { requestPasswordReset } from './accounts/request-password-reset';
export { confirmPasswordReset } from './accounts/confirm-password-reset';
export { verifyUser } from './accounts/verify-user';
export { changePassword } from './accounts/change-password';
export { getUserProfile } from './accounts/get-user-profile';
export { updateUserProfile } from './accounts/update-user-profile';
export { deleteAccount } from './accounts/delete-account';
export { endSessions } from './accounts/end-sessions';
export { getDashboard } from './accounts/get-dashboard';
export { listUsers } from './accounts/list-users';
export { getAdminStats } from './accounts/get-admin-stats';
