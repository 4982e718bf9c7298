/** What the built-in test-mode payment page tells a visitor; shared by its page and its server logic. */
export const TEST_PAYMENT_MESSAGES = {
  declined: "Your card was declined. This is test mode: only the test card 4242 4242 4242 4242 is accepted.",
  ended: "This checkout has ended. Your basket still has your courses if you would like to try again.",
} as const;

/** The test payment page's two buttons, as its action tells them apart. */
export const TEST_PAYMENT_INTENTS = { pay: "pay", cancel: "cancel" } as const;
