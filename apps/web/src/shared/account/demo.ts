import { DEMO_ACCOUNT_TYPE, useSessionStore } from '../store/session';

/** Whether the customer is in the demo account (SPEC §3 accountType 2): its figures are demo money. */
export const useIsDemo = (): boolean => useSessionStore((state) => state.userInfo?.accountType === DEMO_ACCOUNT_TYPE);
