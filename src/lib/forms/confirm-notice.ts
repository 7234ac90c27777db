/**
 * Newsletter sign-ups are confirmed by email (double opt-in): every sign-up form says so
 * instead of promising updates that only come after the confirmation (SPEC change 11).
 */
export const CONFIRM_FROM_INBOX = 'Almost there — confirm from the email we just sent you.';
