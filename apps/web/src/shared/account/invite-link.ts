import { PATHS } from '../paths';

/** The register route with the invite code filled in: RegisterScreen reads `inviteCode` from the query. */
export function registerRouteWithInvite(inviteCode: string): string {
  return `${PATHS.register}?inviteCode=${encodeURIComponent(inviteCode)}`;
}

/**
 * The link a customer shares (the team screen, the poster): this app's own address with the hash route
 * of the register form, `https://host/app/#/pages/user/register?inviteCode=AB12CD34`. The app routes by
 * hash, so the route and its query sit after `#` and the page's own path and query are left as they are
 * (the query is dropped: it is this visit's, not the invitee's).
 */
export function inviteLinkOf(
  inviteCode: string,
  location: Pick<Location, 'origin' | 'pathname'> = window.location,
): string {
  return `${location.origin}${location.pathname}#${registerRouteWithInvite(inviteCode)}`;
}
