/* The browser tests read the same local mailbox as the API tests, through the same helpers. */
export * from '../../../../test/support/mail';
