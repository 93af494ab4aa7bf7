/** scrypt's N for the passwords hashed by the test stack (production and `npm start`: 2^17). */
export const TEST_SCRYPT_N = 2 ** 14;
