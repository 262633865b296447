import { CONSTANTS } from '@kestrel/contract/web';

/**
 * SPEC §7/§9: requests time out after 60 s until the first response of the session has arrived, then
 * after 10 s. A cold start (server waking, first TLS handshake) deserves patience; once the line has
 * answered, a silent 10 s means the line is in trouble and the customer should hear about it.
 */
let firstResponseArrived = false;

export function requestTimeoutMs(): number {
  return firstResponseArrived ? CONSTANTS.requestTimeoutAfterFirstResponseMs : CONSTANTS.requestTimeoutMs;
}

export function markResponseArrived(): void {
  firstResponseArrived = true;
}

/** Tests start each case as a fresh session. */
export function resetRequestTimeoutForTests(): void {
  firstResponseArrived = false;
}
