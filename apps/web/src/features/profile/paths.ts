/** The security centre and its views (`?view=`), and the password reset (app/routes.tsx). */
export const PROFILE_PATHS = {
  security: '/pages/user/security',
  forgotPassword: '/pages/user/forgetPwd',
  /** The wallet's screen: its first tab changes the login password, its second the withdrawal one. */
  changePassword: '/pages/user/change',
} as const;

export const SECURITY_VIEWS = ['email', 'phone', 'sessions', 'log'] as const;
export type SecurityView = (typeof SECURITY_VIEWS)[number];

export const securityViewPath = (view: SecurityView): string => `${PROFILE_PATHS.security}?view=${view}`;

export function securityViewOf(value: string | null): SecurityView | null {
  return SECURITY_VIEWS.find((view) => view === value) ?? null;
}
