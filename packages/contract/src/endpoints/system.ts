// Endpoints that exist only on a test installation. Exported as `system`.
//
// With KESTREL_TEST_CLOCK=on the server's clock is the real time plus an offset that an admin can move
// forward, and every periodic job then catches up at once: end-to-end tests cross a day boundary
// without waiting a day. The endpoint is not registered at all otherwise, and /api/health reports
// `testClock` with the offset while it is on.
import { z } from 'zod';
import { STAFF_ROLE_SETS } from '../staff-roles';
import { defineEndpoint } from '../endpoint';

export const operatorClockAdvance = defineEndpoint({
  method: 'POST',
  path: '/api/operator/testClock/advance',
  staffRoles: STAFF_ROLE_SETS.admin,
  summary:
    'Test installations only (KESTREL_TEST_CLOCK=on): move the clock forward by ms and run every periodic job that is due (admin)',
  tag: 'operator',
  auth: 'user',
  body: z.object({
    ms: z.coerce
      .number()
      .int()
      .min(1)
      .max(400 * 86_400_000),
  }),
  answer: {
    kind: 'data',
    schema: z.object({ now: z.number().int(), offsetMs: z.number().int(), periodsRun: z.number().int() }),
  },
});
