import { identity } from '@kestrel/contract/web';

/** The identity verification routes (SPEC §2): basic (level 0) and advanced (level 1). */
export const IDENTITY_PATHS = {
  basic: '/pages/user/authentication',
  advanced: '/pages/user/authentication1',
} as const;

/** The route of a level's step. */
export function identityStepPath(level: number): string {
  return level === identity.IDENTITY_LEVEL.advanced ? IDENTITY_PATHS.advanced : IDENTITY_PATHS.basic;
}
